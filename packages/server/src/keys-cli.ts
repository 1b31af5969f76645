import { parseArgs } from 'node:util';
import { generateApiKey } from './platform/auth.ts';
import { AppError, ValidationFailure } from './platform/errors.ts';
import { ConfigError } from './platform/config.ts';
import { ROLES, type StaffRole } from './platform/permissions.ts';
import { createIntegrationKey, listApiKeys, revokeApiKey } from './modules/staff/api-keys.ts';
import { openTool, runTool } from './seed/tool.ts';

const USAGE = `Usage: npm run keys -- <command>

  generate                       print a new random key, store nothing (for ADMIN_API_KEY)
  create [--name N] [--role R]   store a new admin API key and print it once
                                 (role: owner, manager or fulfilment; default owner)
  list                           every key: id, prefix, role, name, created, revoked
  revoke <id or prefix>          revoke a key (it stops working at once)

The database comes from the environment, as for the server: DATABASE_URL (PostgreSQL) or the
embedded database under DATA_DIR (stop the server first: the embedded database has one user).`;

function roleArg(value: string | undefined): StaffRole {
  const role = (value ?? 'owner').toUpperCase();
  if (!(ROLES as readonly string[]).includes(role))
    throw new ConfigError(`--role must be owner, manager or fulfilment, got "${value}"`);
  return role as StaffRole;
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { name: { type: 'string' }, role: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, target] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return command || values.help ? 0 : 2;
  }
  if (command === 'generate') {
    process.stdout.write(`${generateApiKey()}\n`);
    return 0;
  }
  if (!['create', 'list', 'revoke'].includes(command)) {
    process.stderr.write(`Unknown command "${command}".\n\n${USAGE}\n`);
    return 2;
  }
  if (command === 'revoke' && !target) {
    process.stderr.write('Say which key: npm run keys -- revoke <id or prefix>\n');
    return 2;
  }
  const role = command === 'create' ? roleArg(values.role) : 'OWNER';
  const tool = await openTool();
  try {
    if (command === 'create') {
      const { apiKey, key } = await createIntegrationKey(tool.ctx, {
        name: values.name ?? 'Created with npm run keys',
        role,
        createdBy: 'keys CLI',
      });
      process.stdout.write(
        `Created key ${apiKey.id} (${apiKey.role.toLowerCase()}) in ${tool.where}.\nThe key (shown once, keep it safe): ${key}\n`,
      );
    } else if (command === 'list') {
      const keys = await listApiKeys(tool.ctx.db);
      process.stdout.write(`${keys.length} key(s) in ${tool.where}:\n`);
      for (const k of keys)
        process.stdout.write(
          `${k.id}  ${k.prefix}…  ${k.role.toLowerCase().padEnd(10)}  ${k.revokedDate ? `revoked ${k.revokedDate}` : 'live'}${k.bootstrap ? '  bootstrap' : ''}  ${k.name}  created ${k.createdDate}\n`,
        );
    } else {
      const key = await revokeApiKey(tool.ctx, target!);
      process.stdout.write(`Revoked key ${key.id} (${key.prefix}…) in ${tool.where}.\n`);
    }
    return 0;
  } catch (error) {
    if (error instanceof AppError || error instanceof ValidationFailure) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await tool.close();
  }
}

runTool(main);

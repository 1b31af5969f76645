export { createServer, type Server } from './server.ts';
export { loadConfig, type Config } from './platform/config.ts';
export { openDatabase, type Database } from './platform/db.ts';

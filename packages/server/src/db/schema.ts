// Every table of every module, for drizzle-kit and typed queries. Modules own their tables; this file only lists them.
export * from '../platform/tables.ts';

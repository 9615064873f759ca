import pg from "pg";

/**
 * Setup file of the API project: on PostgreSQL, each test worker gets a database of its own
 * (TEST_DATABASE_URL's name + `_w<worker>`, created on first use), so test files run two at a time
 * without sharing tables. Every test reads TEST_DATABASE_URL as before; the suffixed URL is put there
 * once per worker process. PGlite (no TEST_DATABASE_URL) is untouched: each file has its own in memory.
 */
const base = process.env.TEST_DATABASE_URL;
const worker = process.env.VITEST_POOL_ID;
if (base && worker && !process.env.TEST_DATABASE_URL_BASE) {
  process.env.TEST_DATABASE_URL_BASE = base;
  const url = new URL(base);
  const name = `${decodeURIComponent(url.pathname.slice(1))}_w${worker}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await admin.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${encodeURIComponent(name)}`;
  process.env.TEST_DATABASE_URL = url.toString();
}

// Preloaded into the bench's API process (node --import): records the SQL one request runs, as
// node-postgres sends it (statement text and its parameters as the text PostgreSQL receives), so
// pgbench can run the very same statements (tests/bench/pgbench.mjs). Only a request carrying
// `x-bench-capture: <file>` is recorded (its async context, so background jobs are left out); its
// statements are written to <file> as JSON shortly after the answer. Other requests pay one check.
import { AsyncLocalStorage, AsyncResource } from "node:async_hooks";
import { writeFileSync } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { Client, Pool } = require("pg");
const { prepareValue } = require("pg/lib/utils");

const capture = new AsyncLocalStorage();

const query = Client.prototype.query;
Client.prototype.query = function (config, values, callback) {
  const statements = capture.getStore();
  if (statements && config) {
    const text = typeof config === "string" ? config : config.text;
    const params = (Array.isArray(values) ? values : (config.values ?? [])).map((value) => prepareValue(value));
    if (text) statements.push({ text, params });
  }
  return query.call(this, config, values, callback);
};

// pg-pool hands a connection to a waiting caller from whichever context released it: the recorded
// request's callback keeps its own context.
const connect = Pool.prototype.connect;
Pool.prototype.connect = function (callback) {
  return connect.call(this, typeof callback === "function" && capture.getStore() ? AsyncResource.bind(callback) : callback);
};

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, request, response) {
  const file = event === "request" ? request.headers["x-bench-capture"] : undefined;
  if (typeof file !== "string") return emit.apply(this, arguments);
  const statements = [];
  // A statement fired after the answer (none today) still lands in the file if it starts within 200 ms.
  response.on("finish", () => setTimeout(() => writeFileSync(file, JSON.stringify(statements)), 200));
  return capture.run(statements, () => emit.apply(this, arguments));
};

/* Jest globalTeardown of the e2e project: drops every database of the run (on a Citus cluster's workers too), stops an embedded server and removes its files. */

module.exports = async function globalTeardown() {
  const run = globalThis.__boTestRun;
  if (!run) return;
  const { serverUrl, runId, embedded, dir, adminQuery, workers } = run;
  const { rows } = await adminQuery(serverUrl, 'SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [`${runId}_`]);
  for (const { datname } of rows) {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
  }
  if (workers) await require('./helpers/citus-cluster').dropWorkerDatabases(workers, `${runId}_`);
  if (embedded) {
    await embedded.stop();
    // TypeScript, loaded through the ts-node that global-setup.js registered in this process
    require('../src/database/embedded-postgres-placement').removeData(dir);
  }
};

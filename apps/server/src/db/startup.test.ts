import { spawn } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cleanUpServers,
  isAlive,
  postmasterPidOf,
  runToExit,
  type ServerProcess,
  startServer,
  stopServer,
  tempDataDir,
  waitUntilReady,
} from "../../test/server-process.ts";
import { freePort, startEmbeddedPostgres } from "./embedded.ts";

/**
 * Start-up failures an operator meets (issue 13, point 5): each is said in a line that names
 * what happened and what to do, without a stack trace, and the process exits non-zero.
 * These run the real server as a process: only a process shows its exit code and output.
 */

const AUTH_SECRET = "0123456789abcdef".repeat(4);
/** Node prints a stack as lines starting with "    at ". */
const STACK_LINE = /^\s+at /m;

let running: ServerProcess;
let runningDir: string;
let runningPort: number;

beforeAll(async () => {
  runningDir = tempDataDir();
  runningPort = await freePort();
  running = await startServer({ DATA_DIR: runningDir, PORT: String(runningPort) });
  await waitUntilReady(running, runningPort, 150_000);
}, 180_000);

afterAll(async () => {
  await cleanUpServers();
}, 60_000);

describe("a second start on a data folder in use", () => {
  it("names the folder and the running instance's pid, and exits non-zero", async () => {
    const { code, output } = await runToExit({ DATA_DIR: runningDir, PORT: String(await freePort()) });
    expect(output).toContain(`the database in ${path.join(runningDir, "postgres")} is used by another running instance, pid ${running.pid}`);
    expect(output).toContain("set DATA_DIR");
    expect(output).not.toMatch(STACK_LINE);
    expect(code).toBe(1);
    // The instance that holds the folder is untouched.
    await waitUntilReady(running, runningPort, 30_000);
  });

  it("says the same when the second start also asks for the same port (the usual `npm start` twice)", async () => {
    const { code, output } = await runToExit({ DATA_DIR: runningDir, PORT: String(runningPort) });
    expect(output).toContain(`is used by another running instance, pid ${running.pid}`);
    expect(code).toBe(1);
  });
});

describe("a data folder held by a PostgreSQL this app did not start", () => {
  it("is refused with that server's pid; once it is gone, a pid file naming an unrelated live process does not block the start", async () => {
    const dataDir = tempDataDir();
    const clusterDir = path.join(dataDir, "postgres");
    const foreign = await startEmbeddedPostgres(clusterDir);
    const foreignPid = foreign.pid();
    try {
      // Started by hand, say: nothing records an app instance as its owner.
      rmSync(`${clusterDir}.owner.json`);
      const { code, output } = await runToExit({ DATA_DIR: dataDir, PORT: String(await freePort()) });
      expect(output).toContain(`the database in ${clusterDir} is used by another running instance, pid ${foreignPid} (a PostgreSQL server)`);
      expect(code).toBe(1);
    } finally {
      await foreign.stop();
    }
    // After a container restart the pid in a stale pid file may belong to anything: here, a sleeping
    // process (PostgreSQL itself would refuse to start over it, as over a live server).
    const unrelated = spawn("sleep", ["300"], { stdio: "ignore" });
    try {
      writeFileSync(path.join(clusterDir, "postmaster.pid"), `${unrelated.pid}\n${clusterDir}\n`);
      const port = await freePort();
      const server = await startServer({ DATA_DIR: dataDir, PORT: String(port) });
      await waitUntilReady(server, port, 150_000);
      expect(server.output()).toContain(`removing the stale postmaster.pid of ${clusterDir} (pid ${unrelated.pid} is now sleep)`);
      await stopServer(server);
      expect((await server.exited).code).toBe(0);
    } finally {
      unrelated.kill("SIGKILL");
    }
  }, 300_000);
});

describe("a port in use, then a data folder PostgreSQL cannot use", () => {
  let otherDir: string;

  it("says which port is in use and which setting to change, and leaves no PostgreSQL running", async () => {
    otherDir = tempDataDir();
    const { code, output } = await runToExit({ DATA_DIR: otherDir, PORT: String(runningPort) });
    expect(output).toContain(`port ${runningPort} is in use: set PORT`);
    expect(output).not.toMatch(STACK_LINE);
    expect(code).toBe(1);
    const pid = postmasterPidOf(path.join(otherDir, "postgres"));
    expect(pid === undefined || !isAlive(pid)).toBe(true);
  });

  it("quotes PostgreSQL's own reason when it does not start (a folder of another version)", async () => {
    // The folder the previous test created, marked as made by a PostgreSQL that does not exist.
    writeFileSync(path.join(otherDir, "postgres", "PG_VERSION"), "99\n");
    const { code, output } = await runToExit({ DATA_DIR: otherDir, PORT: String(await freePort()) });
    expect(output).toContain(`PostgreSQL did not start on the data in ${path.join(otherDir, "postgres")}`);
    expect(output).toMatch(/FATAL: .*incompatible/);
    expect(output).toContain("another PostgreSQL version");
    expect(output).not.toContain("undefined");
    expect(output).not.toMatch(STACK_LINE);
    expect(code).toBe(1);
  });
});

describe("a DATABASE_URL that cannot be reached", () => {
  it("names the host, port and error code when nothing listens there, without the password", async () => {
    const port = await freePort();
    const { code, output } = await runToExit({
      DATABASE_URL: `postgres://clinic:not-for-logs@127.0.0.1:${port}/clinic`,
      AUTH_SECRET,
      PORT: String(await freePort()),
    });
    expect(output).toContain(`cannot reach the database at 127.0.0.1:${port}/clinic (ECONNREFUSED: nothing listens there)`);
    expect(output).toContain("Check DATABASE_URL");
    expect(output).not.toContain("not-for-logs");
    expect(output).not.toMatch(STACK_LINE);
    expect(code).toBe(1);
  });

  it("gives up on a server that accepts connections but never answers, instead of hanging", async () => {
    // Accepts and stays silent, as a wedged server or a wrong port behind a proxy does.
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => {
      sockets.add(socket);
      socket.on("error", () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      const { code, output } = await runToExit({
        DATABASE_URL: `postgres://clinic:secret@127.0.0.1:${port}/clinic`,
        AUTH_SECRET,
        PORT: String(await freePort()),
      });
      expect(output).toContain(`cannot reach the database at 127.0.0.1:${port}/clinic (ETIMEDOUT: no answer within 10 s)`);
      expect(output).not.toMatch(STACK_LINE);
      expect(code).toBe(1);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe("a setting that is not valid", () => {
  it("names the variable, without a stack, before anything starts", async () => {
    const { code, output } = await runToExit({ DATA_DIR: tempDataDir(), PORT: "eighty" });
    expect(output).toContain("Invalid environment");
    expect(output).toContain("PORT");
    expect(output).not.toMatch(STACK_LINE);
    expect(code).toBe(1);
  });
});

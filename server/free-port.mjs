// A TCP port on 127.0.0.1 that nothing listens on right now. Plain ESM (with free-port.d.mts) so the server,
// the TypeScript tests and the .mjs benchmark scripts share this one copy.
import net from "node:net";

/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === "object" && addr ? resolve(addr.port) : reject(new Error("no port"))));
    });
  });
}

import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { generate } from "selfsigned";

/**
 * An HTTPS front for a shop started by startShop(), as the TLS-terminating proxy in production is: a
 * self-signed certificate for localhost (the browser is told to accept it), each request passed on to
 * the shop's plain-HTTP port with X-Forwarded-Proto and noted in `requests`. Browsers send some things only from secure pages:
 * Chromium delivers Reporting API (report-to) reports only from HTTPS documents.
 */
export type ProxiedRequest = { method: string; path: string; contentType: string; status: number };

export async function startTlsProxy(
  targetUrl: string,
): Promise<{ url: string; requests: ProxiedRequest[]; close(): Promise<void> }> {
  const requests: ProxiedRequest[] = [];
  const target = new URL(targetUrl);
  const pems = await generate([{ name: "commonName", value: "localhost" }], {
    keySize: 2048,
    algorithm: "sha256",
    extensions: [{ name: "subjectAltName", altNames: [{ type: 2, value: "localhost" }] }],
  });
  const server = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, "x-forwarded-proto": "https" },
      },
      (answer) => {
        requests.push({
          method: req.method ?? "",
          path: req.url ?? "",
          contentType: req.headers["content-type"] ?? "",
          status: answer.statusCode ?? 0,
        });
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://localhost:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

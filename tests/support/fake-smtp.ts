import net from "node:net";
import type { AddressInfo } from "node:net";

/**
 * A small SMTP server for tests (no TLS): greets, answers EHLO with AUTH PLAIN LOGIN, checks the login
 * against `user`/`pass`, takes mail (kept in `messages`) and hangs up on QUIT. Enough for nodemailer's
 * verify() and sendMail().
 */
export async function startFakeSmtp(opts: { user: string; pass: string }) {
  const state = { logins: 0, failedLogins: 0, messages: [] as string[] };
  const server = net.createServer((socket) => {
    let buffer = "";
    let mode: "command" | "data" | "login-user" | "login-pass" = "command";
    let authed = false;
    let loginUser = "";
    let data = "";
    const say = (line: string) => socket.write(`${line}\r\n`);
    const login = (user: string, pass: string) => {
      state.logins++;
      authed = user === opts.user && pass === opts.pass;
      if (!authed) state.failedLogins++;
      say(authed ? "235 2.7.0 Authentication successful" : "535 5.7.8 Authentication credentials invalid");
    };
    say("220 fake-smtp ESMTP ready");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let at: number;
      while ((at = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        if (mode === "data") {
          if (line === ".") {
            state.messages.push(data);
            data = "";
            mode = "command";
            say("250 2.0.0 Ok: queued");
          } else data += `${line}\n`;
          continue;
        }
        if (mode === "login-user") {
          loginUser = Buffer.from(line, "base64").toString("utf8");
          mode = "login-pass";
          say("334 UGFzc3dvcmQ6");
          continue;
        }
        if (mode === "login-pass") {
          mode = "command";
          login(loginUser, Buffer.from(line, "base64").toString("utf8"));
          continue;
        }
        const [verb = "", ...rest] = line.split(" ");
        switch (verb.toUpperCase()) {
          case "EHLO":
            socket.write("250-fake-smtp\r\n250-AUTH PLAIN LOGIN\r\n250 8BITMIME\r\n");
            break;
          case "HELO":
            say("250 fake-smtp");
            break;
          case "AUTH": {
            const [method, initial] = rest;
            if (method?.toUpperCase() === "PLAIN" && initial) {
              const [, user = "", pass = ""] = Buffer.from(initial, "base64").toString("utf8").split("\0");
              login(user, pass);
            } else if (method?.toUpperCase() === "LOGIN") {
              mode = "login-user";
              say("334 VXNlcm5hbWU6");
            } else say("504 5.5.4 Unrecognized authentication type");
            break;
          }
          case "MAIL":
          case "RCPT":
            say(authed ? "250 2.1.0 Ok" : "530 5.7.0 Authentication required");
            break;
          case "DATA":
            mode = "data";
            say("354 End data with <CR><LF>.<CR><LF>");
            break;
          case "RSET":
          case "NOOP":
            say("250 2.0.0 Ok");
            break;
          case "QUIT":
            say("221 2.0.0 Bye");
            socket.end();
            break;
          default:
            say("502 5.5.2 Error: command not recognized");
        }
      }
    });
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    /** The SMTP_URL of this server with the given login. */
    url: (user = opts.user, pass = opts.pass) =>
      `smtp://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@127.0.0.1:${port}`,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

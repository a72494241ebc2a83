import crypto from "node:crypto";

/*
 * A software WebAuthn authenticator for tests: an ES256 (P-256) key made with node:crypto, a registration
 * answer with attestation "none", and assertions signed with the key, as a browser's
 * navigator.credentials.create/get would return them (the JSON @simplewebauthn/browser sends).
 */

const b64url = (b: Buffer | Uint8Array) => Buffer.from(b).toString("base64url");

/** A small CBOR encoder: unsigned and negative integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  const bytes = (v: Uint8Array): Buffer => Buffer.from(v);
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  };
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string")
    return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), bytes(value)]);
  if (value instanceof Map) {
    const parts: Buffer[] = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error("cbor: unsupported value");
}

export type SoftAuthenticator = ReturnType<typeof softAuthenticator>;

export function softAuthenticator(origin: string) {
  const rpId = new URL(origin).hostname;
  const rpIdHash = crypto.createHash("sha256").update(rpId).digest();
  const { privateKey, publicKey } = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const credentialId = crypto.randomBytes(16);
  let signCount = 0;
  let userHandle = "";

  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const counter = () => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(signCount);
    return b;
  };

  return {
    credentialId: b64url(credentialId),
    /** The answer to registration options (`options.challenge`, `options.user.id`). */
    register(options: { challenge: string; user: { id: string } }) {
      userHandle = options.user.id;
      const cose = cbor(
        new Map<number, unknown>([
          [1, 2], // kty: EC2
          [3, -7], // alg: ES256
          [-1, 1], // crv: P-256
          [-2, Buffer.from(jwk.x!, "base64url")],
          [-3, Buffer.from(jwk.y!, "base64url")],
        ]),
      );
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        rpIdHash,
        Buffer.from([0x01 | 0x04 | 0x40]), // user present, user verified, attested credential data
        counter(),
        Buffer.alloc(16), // AAGUID
        idLength,
        credentialId,
        cose,
      ]);
      const attestationObject = cbor(
        new Map<string, unknown>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", authData],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: "public-key" as const,
        response: {
          clientDataJSON: b64url(clientData("webauthn.create", options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
      };
    },
    /** The answer to authentication options: signed by the key, the counter one higher. */
    assert(options: { challenge: string }, o: { origin?: string } = {}) {
      signCount += 1;
      const authData = Buffer.concat([rpIdHash, Buffer.from([0x01 | 0x04]), counter()]);
      const data = Buffer.from(
        JSON.stringify({
          type: "webauthn.get",
          challenge: options.challenge,
          origin: o.origin ?? origin,
          crossOrigin: false,
        }),
      );
      const signature = crypto.sign(
        "sha256",
        Buffer.concat([authData, crypto.createHash("sha256").update(data).digest()]),
        privateKey,
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: "public-key" as const,
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle,
        },
        clientExtensionResults: {},
      };
    },
  };
}

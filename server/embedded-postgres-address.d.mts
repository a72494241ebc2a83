export type EmbeddedPostgresAddress = { pid: number; port: number; password: string; url: string };
/** The embedded database of a DATA_DIR whose PostgreSQL is (or was last) running; throws when it never ran. */
export function embeddedPostgresAddress(dataDir: string): EmbeddedPostgresAddress;
/** The connection string of the embedded PostgreSQL (user postgres, database postgres, TCP on 127.0.0.1). */
export function embeddedPostgresUrl(password: string, port: number): string;

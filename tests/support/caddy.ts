import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';

/**
 * Debian's Caddy in front of a server, as docs/https.md sets it up for a name on the resort's network: `tls
 * internal` (Caddy's own certificate authority, no ACME, nothing leaves the machine), no admin endpoint, its
 * storage in a folder of the test's, and no listener on port 80 (no redirects).
 */
export interface Caddy {
  /** https://<host>:<port> */
  origin: string;
  /** Caddy's local root certificate (PEM), which a browser must trust for a service worker to register. */
  rootCertificateFile: string;
  /** base64 SHA-256 of the served leaf certificate's public key, for Chromium's --ignore-certificate-errors-spki-list. */
  leafSpkiHash: string;
  output(): string;
  stop(): Promise<void>;
}

export const caddyPath = process.env.CADDY_PATH ?? '/usr/bin/caddy';

export function caddyfile({ host, port, upstream }: { host: string; port: number; upstream: string }) {
  return `{
	admin off
	auto_https disable_redirects
	local_certs
	skip_install_trust
	https_port ${port}
}

${host}:${port} {
	tls internal
	reverse_proxy ${upstream}
}
`;
}

/** The certificate a TLS server presents for `servername`, not checked: only read. */
function servedCertificate(port: number, servername: string): Promise<X509Certificate | null> {
  return new Promise((resolve) => {
    const socket = tls.connect({ host: '127.0.0.1', port, servername, rejectUnauthorized: false }, () => {
      const raw = socket.getPeerCertificate().raw;
      socket.end();
      resolve(raw ? new X509Certificate(raw) : null);
    });
    socket.on('error', () => resolve(null));
  });
}

export async function startCaddy({
  host,
  port,
  upstream,
}: {
  host: string;
  port: number;
  upstream: string;
}): Promise<Caddy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-caddy-'));
  const config = path.join(dir, 'Caddyfile');
  fs.writeFileSync(config, caddyfile({ host, port, upstream }));
  let log = '';
  const child: ChildProcess = spawn(caddyPath, ['run', '--config', config, '--adapter', 'caddyfile'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      XDG_DATA_HOME: path.join(dir, 'data'),
      XDG_CONFIG_HOME: path.join(dir, 'config'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };

  const rootCertificateFile = path.join(dir, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
  const deadline = Date.now() + 20_000;
  let leaf: X509Certificate | null = null;
  while (!leaf || !fs.existsSync(rootCertificateFile)) {
    if (child.exitCode !== null) throw new Error(`Caddy exited with ${child.exitCode}:\n${log}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Caddy did not serve ${host}:${port} within 20 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    leaf = await servedCertificate(port, host);
  }
  const spki = leaf.publicKey.export({ type: 'spki', format: 'der' });
  return {
    origin: `https://${host}:${port}`,
    rootCertificateFile,
    leafSpkiHash: createHash('sha256').update(spki).digest('base64'),
    output: () => log,
    stop,
  };
}

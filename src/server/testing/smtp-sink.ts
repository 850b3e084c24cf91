import net from 'node:net';
import tls from 'node:tls';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message as sent after DATA, dot-stuffing undone. */
  data: string;
  /** The credentials of AUTH PLAIN, when the client logged in. */
  auth?: { user: string; password: string };
  /** Whether the message came over TLS (after STARTTLS). */
  secure: boolean;
}

export interface SmtpSink {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** While set, the sink refuses every message with this reply (e.g. '451 4.3.0 Try again later'). */
  refuseWith: string | null;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a local port, small enough to read: enough of RFC 5321 (EHLO/HELO, AUTH PLAIN,
 * MAIL, RCPT, DATA, RSET, NOOP, QUIT, and STARTTLS when given a certificate) for a client to deliver to it, recording every message.
 */
export async function startSmtpSink(options: { tls?: { key: string; cert: string } } = {}): Promise<SmtpSink> {
  const sockets = new Set<net.Socket>();
  const sink: SmtpSink = { port: 0, url: '', received: [], refuseWith: null, close: async () => undefined };

  const server = net.createServer((plain) => {
    let socket: net.Socket = plain;
    let secure = false;
    sockets.add(plain);
    plain.on('close', () => sockets.delete(plain));
    plain.on('error', () => plain.destroy());
    let buffer = '';
    let inData = false;
    const fresh = (): ReceivedMail => ({ from: '', to: [], data: '', secure });
    let current = fresh();
    let auth: ReceivedMail['auth'];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink.test ESMTP ready');

    const onLine = (line: string) => {
      if (inData) {
        if (line === '.') {
          inData = false;
          sink.received.push({ ...current, auth, secure });
          current = fresh();
          reply('250 2.0.0 Queued');
        } else {
          current.data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`;
        }
        return;
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') return reply(`250-sink.test\r\n250-8BITMIME\r\n${options.tls && !secure ? '250-STARTTLS\r\n' : ''}250 AUTH PLAIN`);
      if (line.toUpperCase() === 'STARTTLS' && options.tls && !secure) {
        reply('220 2.0.0 Ready to start TLS');
        plain.removeListener('data', onData);
        socket = new tls.TLSSocket(plain, { isServer: true, key: options.tls.key, cert: options.tls.cert });
        socket.on('error', () => plain.destroy());
        socket.on('data', onData);
        secure = true;
        buffer = '';
        current = fresh();
        auth = undefined;
        return;
      }
      if (verb === 'HELO') return reply('250 sink.test');
      if (verb === 'AUTH') {
        const [user = '', password = ''] = Buffer.from(line.split(' ')[2] ?? '', 'base64').toString('utf8').split('\u0000').slice(1);
        auth = { user, password };
        return reply('235 2.7.0 Authentication successful');
      }
      if (verb === 'MAIL') {
        if (sink.refuseWith) return reply(sink.refuseWith);
        current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
        return reply('250 2.1.0 Ok');
      }
      if (verb === 'RCPT') {
        current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
        return reply('250 2.1.5 Ok');
      }
      if (verb === 'DATA') {
        inData = true;
        return reply('354 End data with <CR><LF>.<CR><LF>');
      }
      if (verb === 'RSET') {
        current = fresh();
        return reply('250 2.0.0 Ok');
      }
      if (verb === 'NOOP') return reply('250 2.0.0 Ok');
      if (verb === 'QUIT') {
        reply('221 2.0.0 Bye');
        return socket.end();
      }
      return reply('502 5.5.2 Command not recognised');
    };

    function onData(chunk: Buffer) {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        onLine(line);
      }
    }
    plain.on('data', onData);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.port = (server.address() as net.AddressInfo).port;
  sink.url = `smtp://shop:secret@127.0.0.1:${sink.port}`;
  sink.close = () =>
    new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return sink;
}

/** Splits a received multipart message into its headers and decoded text and HTML parts. */
export function parseReceivedMail(raw: string): { headers: Record<string, string>; subject: string; text: string; html: string } {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const decodeWord = (value: string) =>
    value.replace(/=\?UTF-8\?B\?([^?]*)\?=/gi, (_m, b64: string) => Buffer.from(b64, 'base64').toString('utf8'));
  const boundary = /boundary="([^"]+)"/.exec(headers['content-type'] ?? '')?.[1] ?? '';
  const body = rest.join('\r\n\r\n');
  const parts = body.split(`--${boundary}`).slice(1, -1);
  const partOf = (type: string) => {
    const part = parts.find((p) => p.includes(`Content-Type: ${type}`)) ?? '';
    const content = part.split('\r\n\r\n').slice(1).join('').replace(/\r\n/g, '');
    return Buffer.from(content, 'base64').toString('utf8');
  };
  return { headers, subject: decodeWord(headers.subject ?? ''), text: partOf('text/plain'), html: partOf('text/html') };
}

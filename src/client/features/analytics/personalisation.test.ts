import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testLine as line } from '../cart/cart-test-kit';
import { allowPersonalisation, configurePersonalisation, httpPostSink, reportCustomerEvent, type PersonalisationEvent, type PersonalisationSink } from './personalisation';
import { cartLineEvent, reportCartLine, toEur } from './personalisation-cart';

const cart = (...items: ReturnType<typeof line>[]) => ({ items });

describe('personalisation cart events', () => {
  it('tells an added, an updated and a removed line apart, with the unit price in EUR at the configured rate', () => {
    const added = cartLineEvent(cart(), cart(line(1, 2, 199)), 1, 0.087);
    expect(added).toMatchObject({ type: 'cartLineAdded', quantity: 2, previousQuantity: 0, unitPrice: { amount: 17.31, currency: 'EUR' } });
    expect(cartLineEvent(cart(line(1, 2)), cart(line(1, 3)), 1, 0.1)).toMatchObject({ type: 'cartLineUpdated', quantity: 3, previousQuantity: 2 });
    expect(cartLineEvent(cart(line(1, 2)), cart(), 1, 0.1)).toMatchObject({ type: 'cartLineRemoved', quantity: 0, previousQuantity: 2 });
    expect(cartLineEvent(cart(line(1, 2)), cart(line(1, 2)), 1, 0.1)).toBeNull();
    expect(toEur(1000, 0.087)).toBe(87);
  });

  it('sends nothing by default, and every event to the configured sink when on', () => {
    const sent: PersonalisationEvent[] = [];
    const sink: PersonalisationSink = { send: (event) => sent.push(event) };
    configurePersonalisation(null, true, sink);
    reportCartLine(cart(), cart(line(1, 1)), 1);
    reportCustomerEvent('login');
    expect(sent).toEqual([]);
    configurePersonalisation({ url: 'http://127.0.0.1:1/events', eurPerSek: 0.1 }, true, sink);
    reportCartLine(cart(), cart(line(1, 1, 100)), 1);
    reportCustomerEvent('logout');
    expect(sent).toEqual([expect.objectContaining({ type: 'cartLineAdded', unitPrice: { amount: 10, currency: 'EUR' } }), { type: 'logout' }]);
    configurePersonalisation(null, false);
  });

  it("sends nothing without the shopper's cookie consent, and from the moment they give it", () => {
    const sent: PersonalisationEvent[] = [];
    configurePersonalisation({ url: 'http://127.0.0.1:1/events', eurPerSek: 0.1 }, false, { send: (event) => sent.push(event) });
    reportCartLine(cart(), cart(line(1, 1, 100)), 1);
    reportCustomerEvent('login');
    expect(sent).toEqual([]);
    allowPersonalisation(true);
    reportCustomerEvent('register');
    expect(sent).toEqual([{ type: 'register' }]);
    allowPersonalisation(false);
    reportCustomerEvent('logout');
    expect(sent).toEqual([{ type: 'register' }]);
    configurePersonalisation(null, false);
  });
});

describe('the HTTP POST sink', () => {
  let server: Server;
  let url: string;
  const bodies: { type: string | undefined; body: unknown }[] = [];
  beforeEach(async () => {
    bodies.length = 0;
    server = createServer((req, res) => {
      let data = '';
      req.on('data', (chunk: Buffer) => (data += chunk.toString()));
      req.on('end', () => {
        bodies.push({ type: req.headers['content-type'], body: JSON.parse(data) });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`;
  });
  afterEach(() => new Promise((resolve) => server.close(resolve)));

  it('POSTs each event as JSON to the configured URL', async () => {
    const sink = httpPostSink(url);
    sink.send({ type: 'register' });
    await expect.poll(() => bodies).toEqual([{ type: 'application/json', body: { type: 'register' } }]);
  });

  it('loses an event the service does not take, never the shopper’s action', async () => {
    const sink = httpPostSink('http://127.0.0.1:1/events');
    expect(() => sink.send({ type: 'login' })).not.toThrow();
  });
});

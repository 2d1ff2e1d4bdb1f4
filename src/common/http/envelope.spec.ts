import { StreamableFile } from '@nestjs/common';
import { Readable } from 'stream';
import { Paged } from '../pagination/pagination';
import { bare, envelopeOf, EnvelopingExpressAdapter, JsonText } from './envelope';

/** The part of an Express response that ExpressAdapter.reply uses for JSON bodies. */
function fakeResponse() {
  const sent: { status?: number; json?: unknown; empty?: boolean; text?: string; type?: string; length?: number } = {};
  const res = {
    status(code: number) {
      sent.status = code;
      return res;
    },
    json(body: unknown) {
      sent.json = body;
    },
    send(text?: string) {
      if (text === undefined) sent.empty = true;
      else sent.text = text;
    },
    type(contentType: string) {
      sent.type = contentType;
    },
    getHeader: () => undefined,
    setHeader(name: string, value: number) {
      if (name === 'Content-Length') sent.length = value;
    },
    write(chunk: string) {
      sent.text = (sent.text ?? '') + chunk;
      return true;
    },
    end(chunk: string) {
      sent.text = (sent.text ?? '') + chunk;
    },
  };
  return { res, sent };
}

describe('the envelope (docs/api.md 2)', () => {
  it('puts a single result in {success, data} and a page in {success, data, meta}', () => {
    expect(envelopeOf({ id: 'a' })).toEqual({ success: true, data: { id: 'a' } });
    expect(envelopeOf([1, 2])).toEqual({ success: true, data: [1, 2] });
    const page = new Paged([{ id: 'a' }], 41, { page: 3, perPage: 20, limit: 20, offset: 40 });
    expect(envelopeOf(page)).toEqual({ success: true, data: [{ id: 'a' }], meta: page.meta });
  });

  it('sends a bare result as it is', () => {
    expect(envelopeOf(bare([{ date: '2026-11-26' }]))).toEqual([{ date: '2026-11-26' }]);
    expect(envelopeOf(bare({ status: 'ok' }))).toEqual({ status: 'ok' });
  });

  it('is applied where Nest hands a handler result to Express, with the status code', () => {
    const adapter = new EnvelopingExpressAdapter();
    const { res, sent } = fakeResponse();
    adapter.reply(res, { id: 'a' }, 201);
    expect(sent).toEqual({ status: 201, json: { success: true, data: { id: 'a' } } });
  });

  it('leaves an empty answer (204) and a file stream alone', () => {
    const adapter = new EnvelopingExpressAdapter();
    const empty = fakeResponse();
    adapter.reply(empty.res, undefined, 204);
    expect(empty.sent).toEqual({ status: 204, empty: true });
    const file = new StreamableFile(Readable.from(['x']));
    const reply = jest.spyOn(Object.getPrototypeOf(EnvelopingExpressAdapter.prototype), 'reply').mockReturnValue(undefined);
    adapter.reply({}, file, 200);
    expect(reply).toHaveBeenCalledWith({}, file, 200);
    reply.mockRestore();
  });

  it('sends JSON text already written as the data of {success, data}, unparsed, as JSON', () => {
    const adapter = new EnvelopingExpressAdapter();
    const { res, sent } = fakeResponse();
    adapter.reply(res, new JsonText('{"total_value":100999999999998.99,"products":', '[{"name":"Crème ☕"}]', '}'), 200);
    const text = '{"success":true,"data":{"total_value":100999999999998.99,"products":[{"name":"Crème ☕"}]}}';
    expect(sent).toEqual({ status: 200, type: 'application/json; charset=utf-8', text, length: Buffer.byteLength(text) });
  });
});

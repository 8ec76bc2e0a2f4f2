import { describe, expect, it } from 'vitest';
import { readJsonRows, type ReportProgress } from './read-json-rows';

const encoder = new TextEncoder();

const gate = () => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
};

/** A reply whose body arrives in the given pieces, each only when the test lets it through. */
const streamedReply = (pieces: string[]) => {
  const gates = pieces.map(gate);
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (next === pieces.length) return controller.close();
      await gates[next]!.opened;
      controller.enqueue(encoder.encode(pieces[next++]!));
    },
  });
  return { response: new Response(body, { headers: { 'content-type': 'application/json' } }), release: (index: number) => gates[index]!.open() };
};

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe(readJsonRows.name, () => {
  it('tells the rows and bytes received while the reply is still arriving, then gives every row', async () => {
    const rows = [{ id: 1, address: 'Gate {A}, "north" [1]' }, { id: 2, attributes: { nested: [1, { deep: true }] } }, { id: 3, address: 'back\\slash \\" quote' }];
    const text = JSON.stringify(rows);
    const cut = [text.indexOf('{"id":2') + 5, text.indexOf('{"id":3') + 3];
    const pieces = [text.slice(0, cut[0]), text.slice(cut[0], cut[1]), text.slice(cut[1])];
    const reply = streamedReply(pieces);
    const seen: ReportProgress[] = [];
    let clock = 0;
    const reading = readJsonRows(reply.response, (progress) => seen.push(progress), () => (clock += 1000));

    reply.release(0);
    await tick();
    expect(seen.at(-1)).toEqual({ rows: 1, bytes: encoder.encode(pieces[0]).length });
    reply.release(1);
    await tick();
    expect(seen.at(-1)?.rows).toBe(2);
    reply.release(2);

    expect(await reading).toEqual(rows);
    expect(seen.at(-1)).toEqual({ rows: 3, bytes: encoder.encode(text).length });
  });

  it('counts rows whose multi-byte characters are split between pieces', async () => {
    const bytes = encoder.encode(JSON.stringify([{ name: 'दिल्ली' }, { name: 'मुंबई' }]));
    const split = bytes.indexOf(0xa4) + 1;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, split));
        controller.enqueue(bytes.slice(split));
        controller.close();
      },
    });
    const seen: ReportProgress[] = [];
    const rows = await readJsonRows(new Response(body), (progress) => seen.push(progress));
    expect(rows).toEqual([{ name: 'दिल्ली' }, { name: 'मुंबई' }]);
    expect(seen.at(-1)).toEqual({ rows: 2, bytes: bytes.length });
  });

  it('reports an empty report as no rows', async () => {
    const seen: ReportProgress[] = [];
    expect(await readJsonRows(new Response('[]'), (progress) => seen.push(progress))).toEqual([]);
    expect(seen.at(-1)).toEqual({ rows: 0, bytes: 2 });
  });
});

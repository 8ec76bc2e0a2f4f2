import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMediaStore } from './media-store.js';

describe('files trackers send, in the media store', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tracklane-media-store-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('stores each under a new name in the device’s folder, readable back with its content type', async () => {
    const store = createMediaStore(root);
    const photo = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
    const first = store.writeNew('860000000000001', photo, 'jpg');
    const second = store.writeNew('860000000000001', photo, 'jpg');
    expect(first).toMatch(/^[0-9a-f]{16}\.jpg$/);
    expect(second).not.toBe(first);
    expect(fs.readFileSync(path.join(root, '860000000000001', first!))).toEqual(photo);
    expect(await store.read('860000000000001', first!)).toEqual({ data: photo, contentType: 'image/jpeg' });
    expect(fs.readdirSync(path.join(root, '860000000000001')).sort()).toEqual([first, second].sort());
  });

  it('refuses identifiers and extensions that could leave the folder or name no file type', () => {
    const store = createMediaStore(root);
    expect(store.writeNew('../escape', Buffer.from('x'), 'jpg')).toBeUndefined();
    expect(store.writeNew('860000000000001', Buffer.from('x'), '../jpg')).toBeUndefined();
    expect(store.writeNew('860000000000001', Buffer.from('x'), '')).toBeUndefined();
    expect(fs.readdirSync(root)).toEqual([]);
  });
});

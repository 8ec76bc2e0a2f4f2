import { describe, expect, it } from 'vitest';
import { createReplyCounter } from '../../../../bench/reply-counter.js';

const counterOf = (loginReplyBytes: number, ackBytes: number) => {
  const heard: string[] = [];
  const count = createReplyCounter(loginReplyBytes, ackBytes, () => heard.push('login'), () => heard.push('ack'));
  return { count, heard };
};

describe(createReplyCounter.name, () => {
  it('hears the login reply first, then one acknowledgement per reply size, whatever the chunks', () => {
    const { count, heard } = counterOf(10, 4);
    count(6);
    expect(heard).toEqual([]);
    // the rest of the login reply and one and a half acknowledgements
    count(4 + 6);
    expect(heard).toEqual(['login', 'ack']);
    count(2);
    expect(heard).toEqual(['login', 'ack', 'ack']);
  });

  it('counts several replies read in one chunk', () => {
    const { count, heard } = counterOf(1, 4);
    count(1 + 4 * 3);
    expect(heard).toEqual(['login', 'ack', 'ack', 'ack']);
    count(3);
    count(1);
    expect(heard.filter((reply) => reply === 'ack')).toHaveLength(4);
  });
});

import net from 'node:net';
import { expect, test } from '@playwright/test';
import { keyPicture, PICTURE_SIZE, repeatedPicture } from '../../server/test/helpers/h264-pictures';
import { picturePackets } from '../../server/test/helpers/jt1078-camera';
import { JT808_AUTHENTICATION, JT808_REGISTRATION } from '../../server/test/helpers/jt808-terminal';
import { signIn } from './helpers';
import { OwnServer } from './own-server';
import { OSMAND_PORT, WEB_PORT } from './ports';

const JT808_PORT = OSMAND_PORT + 21;
const JT1078_PORT = OSMAND_PORT + 22;
const server = new OwnServer(WEB_PORT + 12, { WEB_URL: `http://127.0.0.1:${WEB_PORT + 12}`, JT808_PORT: String(JT808_PORT), JT1078_PORT: String(JT1078_PORT) });
const adminAuth = `Basic ${Buffer.from('admin@example.com:admin-password').toString('base64')}`;

const SIM = '079042262206';

test.use({ baseURL: server.url });
test.beforeAll(() => server.start());
test.afterAll(() => server.dispose());

/** A JT808 terminal that answers 9101 by opening a camera connection and streaming 25 pictures a second. */
const terminal = async () => {
  const socket = net.connect({ port: JT808_PORT, host: '127.0.0.1' });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const heard = { videoRequest: undefined as Buffer | undefined, videoStop: false };
  let camera: net.Socket | undefined;
  let timer: NodeJS.Timeout | undefined;
  socket.on('data', (data: Buffer) => {
    for (let start = data.indexOf(0x7e); start >= 0 && start + 3 < data.length; start = data.indexOf(0x7e, data.indexOf(0x7e, start + 1) + 1)) {
      const type = data.readUInt16BE(start + 1);
      if (type === 0x9101 && !camera) {
        heard.videoRequest = data.subarray(start);
        camera = net.connect({ port: JT1078_PORT, host: '127.0.0.1' });
        let frame = 0;
        timer = setInterval(() => {
          const key = frame % 25 === 0;
          const picture = key ? keyPicture(60 + (frame % 100), (frame / 25) % 2) : repeatedPicture(frame % 25);
          camera!.write(Buffer.concat(picturePackets(SIM, 1, key, 1_000_000 + frame * 40, picture)));
          frame++;
        }, 40);
      }
      if (type === 0x9102) {
        heard.videoStop = true;
        clearInterval(timer);
        camera?.destroy();
      }
    }
  });
  socket.write(JT808_REGISTRATION);
  socket.write(JT808_AUTHENTICATION);
  return { heard, close: () => (clearInterval(timer), camera?.destroy(), socket.destroy()) };
};

test("a JT808 camera's live video plays on the device's video page, and Stop ends it", async ({ page }) => {
  const created = await fetch(`${server.url}/api/devices`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: adminAuth }, body: JSON.stringify({ name: 'Bus camera', uniqueId: '79042262206' }) });
  const device = (await created.json()) as { id: number };
  const camera = await terminal();
  try {
    await signIn(page);
    await page.waitForURL('/');
    await page.goto(`/video/${device.id}`);
    await expect(page.getByText('Live video: Bus camera')).toBeVisible();
    await page.getByRole('button', { name: 'Start live video' }).click();
    await expect(page.getByTestId('video-state')).toHaveText('Live', { timeout: 20_000 });
    expect(camera.heard.videoRequest).toBeDefined();
    // the browser's own decoder shows the camera's pictures
    const video = page.getByTestId('live-video');
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => [element.videoWidth, element.videoHeight])).toEqual([PICTURE_SIZE.width, PICTURE_SIZE.height]);
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.getVideoPlaybackQuality().totalVideoFrames), { timeout: 10_000 }).toBeGreaterThan(10);

    await page.getByRole('button', { name: 'Stop live video' }).click();
    await expect.poll(() => camera.heard.videoStop).toBe(true);
    await expect(page.getByRole('button', { name: 'Start live video' })).toBeEnabled();
  } finally {
    camera.close();
  }
});

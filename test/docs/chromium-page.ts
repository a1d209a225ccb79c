/**
 * Headless Chromium driven over the DevTools protocol through a pipe (--remote-debugging-pipe:
 * NUL-terminated JSON on file descriptors 3 and 4), so no port is opened and no WebSocket client is
 * needed. Loads a page, reads what a person would see (document.body.innerText) and takes a
 * screenshot.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

export const CHROMIUM = '/usr/bin/chromium';

/** The flags this machine needs: no sandbox (root), no GPU, and nothing that reaches the network. */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--remote-debugging-pipe',
];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface Pending {
  resolve(value: JsonObject): void;
  reject(error: Error): void;
}

export interface RenderedPage {
  /** document.title */
  readonly title: string;
  /** document.body.innerText: the text as laid out and visible. */
  readonly text: string;
  /** PNG bytes of the viewport. */
  readonly screenshot: Buffer;
}

export class ChromiumPage {
  private readonly child: ChildProcess;
  private readonly profile: string;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners: ((method: string, params: JsonObject, sessionId?: string) => void)[] = [];
  private buffered = '';

  constructor(width = 1280, height = 1600) {
    // NOTE: a fresh, empty profile each time: Chromium writes state there, and a shared one would
    // leak between runs.
    this.profile = mkdtempSync(join(tmpdir(), 'volant-docs-chromium-'));
    this.child = spawn(CHROMIUM, [...FLAGS, `--user-data-dir=${this.profile}`, `--window-size=${width},${height}`], {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
    });
    const fromBrowser = this.child.stdio[4] as Readable;
    fromBrowser.setEncoding('utf8');
    fromBrowser.on('data', (chunk: string) => this.receive(chunk));
    this.child.on('exit', () => {
      for (const p of this.pending.values()) p.reject(new Error('chromium exited'));
      this.pending.clear();
    });
  }

  private receive(chunk: string): void {
    this.buffered += chunk;
    let end: number;
    while ((end = this.buffered.indexOf('\0')) >= 0) {
      const message = JSON.parse(this.buffered.slice(0, end)) as JsonObject;
      this.buffered = this.buffered.slice(end + 1);
      const id = message['id'];
      if (typeof id === 'number') {
        const p = this.pending.get(id);
        this.pending.delete(id);
        const error = message['error'];
        if (error) p?.reject(new Error(JSON.stringify(error)));
        else p?.resolve((message['result'] ?? {}) as JsonObject);
      } else if (typeof message['method'] === 'string') {
        const session = typeof message['sessionId'] === 'string' ? message['sessionId'] : undefined;
        for (const l of this.listeners) l(message['method'], (message['params'] ?? {}) as JsonObject, session);
      }
    }
  }

  private send(method: string, params: JsonObject = {}, sessionId?: string): Promise<JsonObject> {
    const id = this.nextId++;
    const toBrowser = this.child.stdio[3] as Writable;
    toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  private waitFor(method: string, sessionId: string, timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${method}`)), timeoutMs);
      this.listeners.push((m, _params, s) => {
        if (m === method && s === sessionId) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  }

  /** Opens `url` in a new tab, waits for its load event, and reads it. */
  async render(url: string, timeoutMs = 30_000): Promise<RenderedPage> {
    const { targetId } = (await this.send('Target.createTarget', { url: 'about:blank' })) as { targetId: string };
    const { sessionId } = (await this.send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string };
    await this.send('Page.enable', {}, sessionId);
    const loaded = this.waitFor('Page.loadEventFired', sessionId, timeoutMs);
    await this.send('Page.navigate', { url }, sessionId);
    await loaded;
    const evaluate = async (expression: string): Promise<string> => {
      const r = (await this.send('Runtime.evaluate', { expression, returnByValue: true }, sessionId)) as { result: { value?: Json } };
      return String(r.result.value ?? '');
    };
    const title = await evaluate('document.title');
    const text = await evaluate('document.body.innerText');
    const shot = (await this.send('Page.captureScreenshot', { format: 'png' }, sessionId)) as { data: string };
    await this.send('Target.closeTarget', { targetId });
    return { title, text, screenshot: Buffer.from(shot.data, 'base64') };
  }

  async close(): Promise<void> {
    if (this.child.exitCode === null) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      await this.send('Browser.close').catch(() => undefined);
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(this.profile, { recursive: true, force: true });
  }
}

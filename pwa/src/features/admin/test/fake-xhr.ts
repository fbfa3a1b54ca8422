/**
 * An XMLHttpRequest double for upload tests: answers queued responses after reporting 50 %
 * progress. With `hold`, requests wait in `pending` until the test calls finish().
 */
export class FakeXhr {
  static queue: Array<{ status: number; body: unknown }> = [];
  static sent: Array<{ url: string; body: FormData }> = [];
  static hold = false;
  static pending: FakeXhr[] = [];
  private static real: typeof XMLHttpRequest | undefined;

  static install() {
    FakeXhr.queue = [];
    FakeXhr.sent = [];
    FakeXhr.hold = false;
    FakeXhr.pending = [];
    FakeXhr.real ??= window.XMLHttpRequest;
    window.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  }

  static uninstall() {
    if (FakeXhr.real) window.XMLHttpRequest = FakeXhr.real;
  }

  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  url = '';

  open(_method: string, url: string) {
    this.url = url;
  }

  setRequestHeader() {}

  send(body: FormData) {
    FakeXhr.sent.push({ url: this.url, body });
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    if (FakeXhr.hold) FakeXhr.pending.push(this);
    else setTimeout(() => this.finish(), 0);
  }

  finish() {
    const next = FakeXhr.queue.shift() ?? { status: 500, body: { message: 'no answer queued' } };
    this.status = next.status;
    this.responseText = JSON.stringify(next.body);
    this.onload?.();
  }
}

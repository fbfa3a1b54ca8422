/** Collects what the JSON logger writes to stdout (and keeps it off the test output). */
export function captureStdout(): { lines: string[]; restore(): void } {
  const lines: string[] = [];
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  return { lines, restore: () => spy.mockRestore() };
}

import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderWithToasts } from '../../../test/render';
import { useToastStore } from '../../../ui/toast-store';
import { FakeXhr } from '../test/fake-xhr';
import { BulkUpload } from './bulk-upload';

beforeEach(() => {
  FakeXhr.install();
  useToastStore.getState().dismiss();
  mockFetch({ 'GET /api/images': { body: { images: [] } } });
});
afterAll(() => FakeXhr.uninstall());

const png = (name: string) => new File(['x'], name, { type: 'image/png' });
const choose = (...files: File[]) => fireEvent.change(screen.getByLabelText('Choose images to upload'), { target: { files } });

describe('BulkUpload', () => {
  it('uploads one file after another showing the current name and percent', async () => {
    FakeXhr.hold = true;
    renderWithToasts(<BulkUpload />);
    choose(png('a.png'), png('b.png'));
    expect(await screen.findByText(/Uploading a\.png \(1 of 2\)/)).toBeInTheDocument();
    expect(screen.getByText('50%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    // the second file waits for the first
    expect(FakeXhr.sent).toHaveLength(1);
    FakeXhr.queue.push({ status: 201, body: { filename: 'a.png' } }, { status: 201, body: { filename: 'b.png' } });
    act(() => FakeXhr.pending.shift()!.finish());
    expect(await screen.findByText(/Uploading b\.png \(2 of 2\)/)).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(2);
    act(() => FakeXhr.pending.shift()!.finish());
    expect(await screen.findByText('2 of 2 image(s) uploaded.')).toBeInTheDocument();
    expect(FakeXhr.sent[0].url).toBe('/api/products/upload-image');
    expect(FakeXhr.sent[0].body.get('image')).toBeInstanceOf(File);
    expect((FakeXhr.sent[0].body.get('image') as File).name).toBe('a.png');
    expect(FakeXhr.sent[0].body.get('replace')).toBeNull();
  });

  it('on a 409 asks before replacing; confirming sends the file again with replace=true', async () => {
    FakeXhr.queue.push({ status: 409, body: { message: 'An image named hot.png already exists' } }, { status: 201, body: { filename: 'hot.png' } });
    renderWithToasts(<BulkUpload />);
    choose(png('hot.png'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Replace existing image?' });
    expect(dialog).toHaveTextContent('hot.png');
    expect(dialog).toHaveTextContent('Replacing it affects all products using this image.');
    fireEvent.click(screen.getByRole('button', { name: 'Replace image' }));
    expect(await screen.findByText('1 of 1 image(s) uploaded.')).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(2);
    expect(FakeXhr.sent[1].body.get('replace')).toBe('true');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('cancelling the replace drops that file and goes on with the next', async () => {
    FakeXhr.queue.push({ status: 409, body: { message: 'exists' } }, { status: 201, body: { filename: 'new.png' } });
    renderWithToasts(<BulkUpload />);
    choose(png('old.png'), png('new.png'));
    await screen.findByRole('alertdialog', { name: 'Replace existing image?' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('1 of 2 image(s) uploaded.')).toBeInTheDocument();
    expect(FakeXhr.sent.map(({ body }) => [(body.get('image') as File).name, body.get('replace')])).toEqual([
      ['old.png', null],
      ['new.png', null],
    ]);
  });

  it("shows the server's message when an upload fails", async () => {
    FakeXhr.queue.push({ status: 415, body: { message: 'Only JPEG, PNG, WebP, GIF or AVIF images' } });
    renderWithToasts(<BulkUpload />);
    choose(png('notes.png'));
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(screen.getByText('notes.png: Only JPEG, PNG, WebP, GIF or AVIF images')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  });
});

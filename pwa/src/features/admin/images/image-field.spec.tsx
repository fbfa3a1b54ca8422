import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { mockFetch, renderWithProviders } from '../../../test/render';
import { FakeXhr } from '../test/fake-xhr';
import { ImageField } from './image-field';

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <ImageField id="main" label="Main image" type="hot" value={value} onChange={setValue} />;
}

const png = (name: string) => new File(['x'], name, { type: 'image/png' });
const images = [{ path: '/uploads/products/mint.png', filename: 'mint.png', size: 10, createdAt: '2026-11-01T00:00:00Z' }];

beforeEach(() => {
  FakeXhr.install();
  mockFetch({ 'GET /api/images': { body: { images } } });
});
afterAll(() => FakeXhr.uninstall());

describe('ImageField', () => {
  it('uploads a new file with its type and fills in the path', async () => {
    FakeXhr.queue.push({ status: 201, body: { filename: 'new.png', path: '/uploads/products/new.png' } });
    renderWithProviders(<Harness initial="" />);
    fireEvent.change(screen.getByLabelText('Upload Main image'), { target: { files: [png('new.png')] } });
    await waitFor(() => expect(screen.getByLabelText('Main image')).toHaveValue('/uploads/products/new.png'));
    expect(FakeXhr.sent[0].body.get('type')).toBe('hot');
    expect(FakeXhr.sent[0].body.get('replace')).toBeNull();
  });

  it('asks before replacing when the file has the name of the current image; cancel sends nothing', async () => {
    renderWithProviders(<Harness initial="/uploads/products/hot.png" />);
    fireEvent.change(screen.getByLabelText('Upload Main image'), { target: { files: [png('HOT.png')] } });
    const dialog = await screen.findByRole('alertdialog', { name: 'Replace existing image?' });
    expect(dialog).toHaveTextContent('Replacing it affects all products using this image.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(FakeXhr.sent).toHaveLength(0);
    expect(screen.getByLabelText('Main image')).toHaveValue('/uploads/products/hot.png');
  });

  it('confirming replaces the current file in place (replace=true, target=the current image)', async () => {
    FakeXhr.queue.push({ status: 201, body: { filename: 'hot.png', path: '/uploads/products/hot.png' } });
    renderWithProviders(<Harness initial="/uploads/products/hot.png" />);
    fireEvent.change(screen.getByLabelText('Upload Main image'), { target: { files: [png('hot.png')] } });
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Replace image' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0].body.get('replace')).toBe('true');
    expect(FakeXhr.sent[0].body.get('target')).toBe('/uploads/products/hot.png');
  });

  it('picks an image from the Media Library', async () => {
    renderWithProviders(<Harness initial="" />);
    fireEvent.click(screen.getByRole('button', { name: 'Choose Main image from the Media Library' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose Main image' });
    fireEvent.change(within(dialog).getByLabelText('Search images by filename'), { target: { value: 'zzz' } });
    expect(await within(dialog).findByText('No images match your search query.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Search images by filename'), { target: { value: 'MINT' } });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Use mint.png' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Main image')).toHaveValue('/uploads/products/mint.png');
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockFetch, renderWithToasts } from '../../../test/render';
import { ImageGallery } from './image-gallery';

const image = (filename: string, size = 2048) => ({ path: `/uploads/products/${filename}`, filename, size, createdAt: '2026-11-20T10:00:00.000Z' });
const images = [image('hot-cocoa.png'), image('iced-mocha.webp'), image('shake.jpg')];
const renderGallery = () => renderWithToasts(<ImageGallery />);

describe('ImageGallery', () => {
  it('searches by filename with the two empty texts', async () => {
    mockFetch({ 'GET /api/images': { body: { images } } });
    renderGallery();
    expect(await screen.findByRole('button', { name: 'Preview hot-cocoa.png' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Search images by filename'), { target: { value: 'ICED' } });
    expect(screen.getAllByRole('button', { name: /^Preview / })).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Search images by filename'), { target: { value: 'nothing' } });
    expect(screen.getByText('No images match your search query.')).toBeInTheDocument();
  });

  it('says so when the library is empty, and when it fails to load', async () => {
    mockFetch({ 'GET /api/images': { body: { images: [] } } });
    const { unmount } = renderGallery();
    expect(await screen.findByText('No images found. Upload some images first.')).toBeInTheDocument();
    unmount();
    mockFetch({ 'GET /api/images': { status: 500, body: { message: 'boom' } } });
    renderGallery();
    expect(await screen.findByText('Failed to load images. Please try again.')).toBeInTheDocument();
  });

  it('clears the selection when select mode is left', async () => {
    mockFetch({ 'GET /api/images': { body: { images } } });
    renderGallery();
    await screen.findByRole('button', { name: 'Preview hot-cocoa.png' });
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select hot-cocoa.png' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select shake.jpg' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel selection' }));
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    expect(screen.getByText('0 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select hot-cocoa.png' })).not.toBeChecked();
  });

  it("bulk deletes after confirmation and reports the ones that failed ('{n} image(s) could not be deleted')", async () => {
    const { calls } = mockFetch({
      'GET /api/images': { body: { images } },
      'POST /api/images/bulk-delete': {
        body: {
          results: {
            success: ['/uploads/products/hot-cocoa.png'],
            failed: [
              { path: '/uploads/products/shake.jpg', error: 'in use' },
              { path: '/uploads/products/iced-mocha.webp', error: 'Image not found' },
            ],
          },
        },
      },
    });
    renderGallery();
    await screen.findByRole('button', { name: 'Preview hot-cocoa.png' });
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    fireEvent.click(screen.getByRole('button', { name: 'Select all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected (3)' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete selected images?' });
    expect(calls.some((c) => c.url === '/api/images/bulk-delete')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete 3 image(s)' }));
    expect(await screen.findByText('2 image(s) could not be deleted')).toBeInTheDocument();
    const sent = calls.find((c) => c.url === '/api/images/bulk-delete')!;
    expect(sent.body).toEqual({ imagePaths: images.map((i) => i.path) });
    // the failed ones stay selected for another try
    await waitFor(() => expect(screen.getByText('2 selected')).toBeInTheDocument());
  });

  it('deletes one image only after confirmation', async () => {
    const { calls } = mockFetch({ 'GET /api/images': { body: { images } }, 'POST /api/images/delete': { body: { success: true } } });
    renderGallery();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete shake.jpg' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete image?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete image' }));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/images/delete')?.body).toEqual({ imagePath: '/uploads/products/shake.jpg' }));
  });

  it("copies the full URL, or says 'Copy Failed'", async () => {
    mockFetch({ 'GET /api/images': { body: { images } } });
    const writeText = jest.fn().mockRejectedValue(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderGallery();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy URL of shake.jpg' }));
    expect(await screen.findByText('Copy Failed')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('http://localhost/uploads/products/shake.jpg');
    writeText.mockResolvedValue(undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Copy URL of shake.jpg' }));
    expect(await screen.findByText('URL Copied')).toBeInTheDocument();
  });
});

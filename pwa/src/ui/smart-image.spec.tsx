import { fireEvent, render, screen } from '@testing-library/react';
import { SmartImage } from './smart-image';

describe('SmartImage', () => {
  it('retries in lowercase, then as .webp, then shows a placeholder', () => {
    render(<SmartImage src="/Images/Cocoa.PNG" alt="Cocoa" width={100} height={100} />);
    const img = screen.getByRole('img', { name: 'Cocoa' });
    expect(img).toHaveAttribute('src', '/Images/Cocoa.PNG');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '100');
    fireEvent.error(img);
    expect(screen.getByRole('img', { name: 'Cocoa' })).toHaveAttribute('src', '/images/cocoa.png');
    fireEvent.error(screen.getByRole('img', { name: 'Cocoa' }));
    expect(screen.getByRole('img', { name: 'Cocoa' })).toHaveAttribute('src', '/images/cocoa.webp');
    fireEvent.error(screen.getByRole('img', { name: 'Cocoa' }));
    expect(screen.getByRole('img', { name: 'Cocoa (image unavailable)' }).tagName).toBe('DIV');
  });

  it('shows the empty text when there is no image', () => {
    render(<SmartImage src={null} alt="Cocoa" width={100} height={100} emptyText="No image available" />);
    expect(screen.getByText('No image available')).toBeInTheDocument();
  });
});

import { render, screen } from '@testing-library/react';
import { expectRetriesThenPlaceholder } from '../test/image-fallback';
import { SmartImage } from './smart-image';

describe('SmartImage', () => {
  it('retries in lowercase, then as .webp, then shows a placeholder', () => {
    render(<SmartImage src="/Images/Cocoa.PNG" alt="Cocoa" width={100} height={100} />);
    const img = screen.getByRole('img', { name: 'Cocoa' });
    expect(img).toHaveAttribute('src', '/Images/Cocoa.PNG');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '100');
    expectRetriesThenPlaceholder('Cocoa', ['/images/cocoa.png', '/images/cocoa.webp']);
  });

  it('shows the empty text when there is no image', () => {
    render(<SmartImage src={null} alt="Cocoa" width={100} height={100} emptyText="No image available" />);
    expect(screen.getByText('No image available')).toBeInTheDocument();
  });
});

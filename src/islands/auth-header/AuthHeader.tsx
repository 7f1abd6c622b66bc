/** Header of the sign-in pages: the library's brand and the theme toggle; refreshes the branding. */
import { useEffect } from 'react';
import { flex } from 'styled-system/patterns';
import { LibraryBrand } from '../../components/LibraryBrand';
import { ThemeToggle } from '../../components/ui/ThemeToggle';
import { refreshLibrarySettings } from '../../stores/library-settings';

export default function AuthHeader() {
  useEffect(() => {
    void refreshLibrarySettings();
  }, []);
  return (
    <div className={flex({ align: 'center', justify: 'space-between', gap: '3' })}>
      <LibraryBrand />
      <ThemeToggle />
    </div>
  );
}

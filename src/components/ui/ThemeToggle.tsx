/** Switches between the dark (default) and light themes; the label says what a press does. */
import { useStore } from '@nanostores/react';
import { $theme, toggleTheme } from '../../stores/theme';
import { Button } from './Button';
import { MoonIcon, SunIcon } from './icons';

export function ThemeToggle() {
  const theme = useStore($theme);
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <Button variant="ghost" size="icon" aria-label={`Switch to ${next} theme`} title={`Switch to ${next} theme`} onClick={toggleTheme}>
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </Button>
  );
}

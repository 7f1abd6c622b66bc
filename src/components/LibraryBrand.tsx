/** The library's logo and name from the cached general settings (default logo when none). */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { focusable } from 'styled-system/recipes';
import { DEFAULT_LOGO, libraryName } from '../lib/branding';
import { $librarySettings } from '../stores/library-settings';

export function LibraryBrand() {
  const settings = useStore($librarySettings);
  const logo = settings?.logo || DEFAULT_LOGO;
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [logo]);
  return (
    <a
      href="/"
      className={cx(
        focusable(),
        css({
          display: 'inline-flex',
          alignItems: 'center',
          gap: '3',
          minH: '11',
          minW: '0',
          color: 'fg.default',
          textDecoration: 'none',
          borderRadius: 'md',
        }),
      )}
    >
      <img
        src={failed ? DEFAULT_LOGO : logo}
        onError={() => setFailed(true)}
        alt=""
        width={40}
        height={40}
        className={css({ w: '10', h: '10', objectFit: 'contain', borderRadius: 'md', flexShrink: 0 })}
      />
      <span className={css({ fontWeight: 'semibold', fontSize: 'lg', lineHeight: '1.2', overflowWrap: 'anywhere' })}>
        {libraryName(settings)}
      </span>
    </a>
  );
}

/**
 * The toaster itself (Ark UI toast), loaded by `Toaster.tsx` on the first toast or when the
 * browser is idle, so pages do not ship it before interaction.
 */
import { Toast, Toaster as ArkToaster, createToaster } from '@ark-ui/react/toast';
import { Portal } from '@ark-ui/react/portal';
import { useEffect } from 'react';
import { toast as toastRecipe } from 'styled-system/recipes';
import { CloseIcon } from './icons';

export interface ToastRequest {
  type: 'success' | 'error' | 'info';
  title: string;
  description?: string | undefined;
}

const toaster = createToaster({ placement: 'bottom-end', duration: 3000, removeDelay: 600, overlap: false, gap: 12 });

/** Shows one toast (the view must have mounted). */
export function show(request: ToastRequest): void {
  toaster.create(request);
}

export function ToasterView({ onReady }: { onReady: () => void }) {
  const classes = toastRecipe();
  // Ready only once the portal has mounted and the Ark toaster has subscribed (a frame later):
  // a toast created before that, such as one queued while this code loaded, would be lost.
  useEffect(() => {
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(onReady, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [onReady]);
  return (
    <Portal>
      <ArkToaster toaster={toaster}>
        {(item) => (
          <Toast.Root className={classes.root}>
            <div>
              <Toast.Title className={classes.title}>{item.title}</Toast.Title>
              {item.description && <Toast.Description className={classes.description}>{item.description}</Toast.Description>}
            </div>
            <Toast.CloseTrigger className={classes.closeTrigger} aria-label="Close">
              <CloseIcon width={16} height={16} />
            </Toast.CloseTrigger>
          </Toast.Root>
        )}
      </ArkToaster>
    </Portal>
  );
}

/**
 * A popover panel on Ark UI Popover (outside click and Escape close it), drawn by the popover
 * recipe: the trigger given, then the panel in a portal. Used by the top bars' notifications and
 * wish list. Usage: `<PopoverPanel triggerId={id} open={open} onOpenChange={setOpen} size="sm"
 * trigger={<Popover.Trigger …/>}>…</PopoverPanel>`.
 */
import { Popover } from '@ark-ui/react/popover';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import { popover, type PopoverVariantProps } from 'styled-system/recipes';

export interface PopoverPanelProps {
  /** The trigger's id (a lazily loaded popover takes over its stand-in's id). */
  triggerId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A `Popover.Trigger`. */
  trigger: ReactNode;
  size?: PopoverVariantProps['size'];
  children: ReactNode;
}

export function PopoverPanel({ triggerId, open, onOpenChange, trigger, size, children }: PopoverPanelProps) {
  const look = popover({ size });
  return (
    <Popover.Root ids={{ trigger: triggerId }} open={open} onOpenChange={(details) => onOpenChange(details.open)} positioning={{ placement: 'bottom-end', gutter: 8 }}>
      {trigger}
      <Portal>
        <Popover.Positioner className={look.positioner}>
          <Popover.Content className={look.content}>{children}</Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

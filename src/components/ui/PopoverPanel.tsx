/**
 * A top-bar popover on Ark UI Popover (outside click and Escape close it), drawn by the popover
 * recipe: its round icon trigger, then the panel in a portal. Used by the notifications and the
 * wish list. Usage: `<PopoverPanel triggerId={id} open={open} onOpenChange={setOpen} size="sm"
 * label="Wish list, 2 books" title="Wish list" icon={<HeartIcon />}>…</PopoverPanel>`.
 */
import { Popover } from '@ark-ui/react/popover';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import { popover, type PopoverVariantProps } from 'styled-system/recipes';
import { iconButton } from '../TopBarParts';

export interface PopoverPanelProps {
  /** The trigger's id (a lazily loaded popover takes over its stand-in's id). */
  triggerId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The trigger's accessible name (with a count) and its tooltip. */
  label: string;
  title: string;
  /** The trigger's face. */
  icon: ReactNode;
  size?: PopoverVariantProps['size'];
  children: ReactNode;
}

export function PopoverPanel({ triggerId, open, onOpenChange, label, title, icon, size, children }: PopoverPanelProps) {
  const look = popover({ size });
  return (
    <Popover.Root ids={{ trigger: triggerId }} open={open} onOpenChange={(details) => onOpenChange(details.open)} positioning={{ placement: 'bottom-end', gutter: 8 }}>
      <Popover.Trigger className={iconButton} aria-label={label} title={title}>
        {icon}
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner className={look.positioner}>
          <Popover.Content className={look.content}>{children}</Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

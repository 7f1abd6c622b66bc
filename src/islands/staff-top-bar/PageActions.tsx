/**
 * A page's actions in the staff top bar (Books, Members): from 768 px a row of buttons, the first
 * solid and the others outlined (an action with `href` is a link); on phones one menu named
 * `label` holds the same actions. The menu's code (Ark UI) loads after first paint.
 */
import { css, cx } from 'styled-system/css';
import { button, toolbar } from 'styled-system/recipes';
import { Button } from '../../components/ui/Button';
import { ChevronDownIcon } from '../../components/ui/icons';
import { lazyPart, useLazyPopup } from '../../components/ui/lazy-part';
import { toast } from '../../components/ui/Toaster';
import { callErrorMessage, type CallName } from '../../lib/errors';
import type { BookMenuAction } from './StaffMenus';

/** One action: a button, or a link when it has `href`. */
export interface PageAction extends BookMenuAction {
  href?: string;
}

/**
 * A template made in the browser (Book Template, Member Template): its CSV code loads on first use
 * (`load` returns the function that downloads it); any failure toasts the call's message ('Failed to download template').
 */
export async function downloadTemplate(load: () => Promise<() => void>, call: CallName): Promise<void> {
  try {
    (await load())();
  } catch (error) {
    toast.error(callErrorMessage(call, error));
  }
}

/** The staff top bar's menus (shortcuts, the phone page menus; Ark UI), loaded after first paint. */
export const staffMenus = lazyPart(() => import('./StaffMenus'));

const wide = cx(toolbar({ gap: 'sm', align: 'center' }), css({ display: { base: 'none', md: 'flex' } }));
const narrow = css({ display: { base: 'inline-flex', md: 'none' } });
const phoneTrigger = cx(button({ variant: 'outline' }), css({ px: '3', gap: '1.5' }));

export function PageActions({ label, triggerId, actions }: { label: string; triggerId: string; actions: readonly PageAction[] }) {
  return (
    <>
      <div className={wide}>
        {actions.map((action, index) => {
          const variant = index === 0 ? 'solid' : 'outline';
          return action.href ? (
            <a key={action.value} href={action.href} className={button({ variant })}>
              {action.label}
            </a>
          ) : (
            <Button key={action.value} variant={variant} onClick={action.run}>
              {action.label}
            </Button>
          );
        })}
      </div>
      <div className={narrow}>
        <ActionsMenu label={label} triggerId={triggerId} actions={actions} />
      </div>
    </>
  );
}

/** The phone menu of a page's actions: a stand-in trigger until the menu code has loaded. */
function ActionsMenu({ label, triggerId, actions }: { label: string; triggerId: string; actions: readonly BookMenuAction[] }) {
  const { view, openAtStart, triggerProps } = useLazyPopup(staffMenus, triggerId);
  const face = (
    <>
      {label}
      <ChevronDownIcon width={16} height={16} aria-hidden="true" />
    </>
  );
  if (view) {
    return (
      <view.BooksMenuView triggerId={triggerProps.id} defaultOpen={openAtStart} triggerClassName={phoneTrigger} actions={actions}>
        {face}
      </view.BooksMenuView>
    );
  }
  return (
    <button type="button" className={phoneTrigger} {...triggerProps}>
      {face}
    </button>
  );
}

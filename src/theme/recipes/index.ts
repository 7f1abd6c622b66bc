/** Every Panda recipe of the site; one per UI component (Park UI style). */
import { alert } from './alert';
import { badge } from './badge';
import { button } from './button';
import { card } from './card';
import { checkRow } from './check-row';
import { dialog } from './dialog';
import { field } from './field';
import { figure } from './figure';
import { focusable } from './focus';
import { input } from './input';
import { popover } from './popover';
import { spinner } from './spinner';
import { table } from './table';
import { text } from './text';
import { textLink } from './text-link';
import { toast } from './toast';
import { toolbar } from './toolbar';

export const recipes = { badge, button, card, checkRow, focusable, input, spinner, text, textLink, toolbar };
export const slotRecipes = { alert, dialog, field, figure, popover, table, toast };

/** Every Panda recipe of the site; one per UI component (Park UI style). */
import { alert } from './alert';
import { badge } from './badge';
import { button } from './button';
import { dialog } from './dialog';
import { field } from './field';
import { input } from './input';
import { spinner } from './spinner';
import { textLink } from './text-link';
import { toast } from './toast';

export const recipes = { badge, button, input, spinner, textLink };
export const slotRecipes = { alert, dialog, field, toast };

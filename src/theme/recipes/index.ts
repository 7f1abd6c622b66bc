/** Every Panda recipe of the site; one per UI component (Park UI style). */
import { alert } from './alert';
import { button } from './button';
import { field } from './field';
import { input } from './input';
import { spinner } from './spinner';
import { textLink } from './text-link';
import { toast } from './toast';

export const recipes = { button, input, spinner, textLink };
export const slotRecipes = { alert, field, toast };

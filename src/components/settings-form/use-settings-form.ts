/**
 * The settings screens' one flow: the settings load once into the one form hook (`use-form`,
 * read-only without the change permission), and `show(saved)` puts the server's answer to a save
 * back into the form.
 */
import { useEffect, useState } from 'react';
import { loadScreen, type ScreenLoad } from '../../lib/screen-load';
import { useForm } from '../use-form';

export function useSettingsForm<S, V extends Record<F, string>, F extends keyof V & string = keyof V & string, E extends string = F>(options: {
  fetch: () => Promise<S>;
  toValues: (settings: S) => V;
  errorText: (failure: unknown) => string;
  canSave: boolean;
}) {
  const { fetch, toValues, errorText, canSave } = options;
  const form = useForm<V, F, E>({ initial: null, canSave });
  const [load, setLoad] = useState<ScreenLoad<S>>({ kind: 'loading' });

  /** Shows settings (loaded or saved) in the form. */
  const show = (settings: S) => {
    setLoad({ kind: 'ready', value: settings });
    form.reset(toValues(settings));
  };

  useEffect(() => {
    void loadScreen(fetch, errorText).then((next) => (next.kind === 'ready' ? show(next.value) : setLoad(next)));
  }, []);

  return { form, canSave, settings: load.kind === 'ready' ? load.value : null, loadError: load.kind === 'failed' ? load.message : null, show };
}

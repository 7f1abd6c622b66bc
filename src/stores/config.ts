/** The runtime configuration (`config.json`) for islands that show where the API lives. */
import { atom, onMount } from 'nanostores';
import { loadConfig, type RuntimeConfig } from '../lib/config';

/** The loaded configuration; null until `config.json` has been read. */
export const $config = atom<RuntimeConfig | null>(null);

onMount($config, () => {
  void loadConfig().then((config) => $config.set(config));
});

/** Writes public/_redirects and deploy/nginx.conf from the route table. */
import { writeFileSync } from 'node:fs';
import { renderNginx, renderRedirects } from './rewrites';

writeFileSync(new URL('../public/_redirects', import.meta.url), renderRedirects());
writeFileSync(new URL('../deploy/nginx.conf', import.meta.url), renderNginx());
console.log('Wrote public/_redirects and deploy/nginx.conf');

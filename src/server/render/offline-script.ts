import { offlineCaches } from '../../shared/offline-caches';

/**
 * The offline page's only script, inline: lists the pages the service worker has stored in the page's language,
 * newest first, each by its own title, so the shopper sees what opens without a connection. The offline page
 * carries no app scripts (see OfflinePage), so this stays a few lines of plain DOM code.
 */
export function savedPagesScript(listId: string): string {
  return `(async()=>{try{
const list=document.getElementById(${JSON.stringify(listId)});if(!list||!('caches' in window))return;
const en=document.documentElement.lang==='en',cache=await caches.open(${JSON.stringify(offlineCaches.pages)});
const decode=document.createElement('textarea');let n=0;
for(const request of (await cache.keys()).reverse()){
const url=new URL(request.url),isEn=url.pathname==='/en'||url.pathname.startsWith('/en/');
if(isEn!==en||url.origin!==location.origin)continue;
const html=await (await cache.match(request))?.text()??'';
decode.innerHTML=(/<title[^>]*>([^<]*)<\\/title>/.exec(html)||[])[1]||url.pathname;
const item=document.createElement('li'),link=document.createElement('a');
link.href=url.pathname+url.search;link.textContent=decode.value;item.append(link);list.append(item);
if(++n>=40)break}
if(n)list.closest('section').hidden=false}catch{}})();`;
}

/**
 * Script-injection attempts as attackers write them. Origin: the OWASP "XSS Filter Evasion Cheat
 * Sheet" (OWASP Cheat Sheet Series, cheatsheetseries.owasp.org), copied as printed there, plus the
 * same tricks in Markdown's own link and image syntax. Each must come out of the legal pages'
 * renderer with no script, no javascript:/vbscript:/data: link and no on* attribute.
 */
export const XSS_PAYLOADS: readonly string[] = [
  // From the cheat sheet.
  '<SCRIPT SRC=https://cdn.jsdelivr.net/gh/Moksh45/host-xss.rocks/index.js></SCRIPT>',
  `<IMG SRC="javascript:alert('XSS');">`,
  `<IMG SRC=JaVaScRiPt:alert('XSS')>`,
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  `<IMG SRC=# onmouseover="alert('xxs')">`,
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  `<IMG SRC="jav\tascript:alert('XSS');">`,
  `<IMG SRC="jav&#x0A;ascript:alert('XSS');">`,
  '<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  `<svg/onload=alert('XSS')>`,
  `<BODY ONLOAD=alert('XSS')>`,
  `<IFRAME SRC="javascript:alert('XSS');"></IFRAME>`,
  `<a href="javascript:alert('XSS')">Click me</a>`,
  '<a href="&#x6A;avascript:alert(1)">entity link</a>',
  `<DIV STYLE="background-image: url(javascript:alert('XSS'))">`,
  `<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert('XSS');">`,
  // The same in Markdown.
  `[Click me](javascript:alert('XSS'))`,
  '[Click me](JaVaScRiPt:alert(1))',
  '[Click me](&#106;avascript:alert(1))',
  '[Click me](java\\script:alert(1))',
  '[Click me](vbscript:msgbox(1))',
  '[Click me](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![image](javascript:alert(1))',
  '<javascript:alert(1)>',
  '[Click me](javascript:alert(1) "title" onmouseover=alert(1))',
];

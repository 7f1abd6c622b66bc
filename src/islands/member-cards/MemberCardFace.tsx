/**
 * One member card as printed (85.6 × 54 mm): the library's logo and name across the top, the
 * member's photo (or his initials), name, member number and plan, and the Code 128 barcode of the
 * member number.
 */
import { css } from 'styled-system/css';
import { Code128 } from '../../components/barcode/Code128';
import type { MemberCard } from '../../lib/member-cards';
import { formatDate } from '#shared/dates';

const card = css({ display: 'grid', gridTemplateRows: '8mm 1fr 9mm', h: 'full', p: '3mm', gap: '1.5mm', color: 'black', bg: 'white', fontFamily: 'sans', lineHeight: '1.2', borderRadius: '3mm', border: '0.3mm solid', borderColor: 'gray.500' });
const header = css({ display: 'flex', alignItems: 'center', gap: '2mm', borderBottom: '0.3mm solid', borderColor: 'gray.400', pb: '1mm', minW: '0' });
const logo = css({ h: '7mm', w: '7mm', objectFit: 'contain', flexShrink: 0 });
const library = css({ fontSize: '9pt', fontWeight: 'bold', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' });
const body = css({ display: 'grid', gridTemplateColumns: '18mm 1fr', gap: '3mm', minH: '0', overflow: 'hidden' });
const photo = css({ w: '18mm', h: '22mm', objectFit: 'cover', borderRadius: '1mm', bg: 'gray.100' });
const initialsBox = css({ w: '18mm', h: '22mm', borderRadius: '1mm', bg: 'gray.200', display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: '16pt', fontWeight: 'bold' });
const details = css({ display: 'flex', flexDirection: 'column', gap: '0.8mm', minW: '0' });
const name = css({ fontSize: '10.5pt', fontWeight: 'bold', lineClamp: '2' });
const line = css({ fontSize: '8pt', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' });
const mono = css({ fontFamily: 'mono' });
const footer = css({ display: 'flex', justifyContent: 'center', alignItems: 'center' });

export function MemberCardFace({ member, libraryName, logoUrl, dateFormat }: { member: MemberCard; libraryName: string; logoUrl: string | null; dateFormat?: string | null | undefined }) {
  return (
    <div className={card}>
      <div className={header}>
        {logoUrl && <img src={logoUrl} alt="" className={logo} />}
        <span className={library}>{libraryName}</span>
      </div>
      <div className={body}>
        {member.photo ? <img src={member.photo} alt={`Photo of ${member.name}`} className={photo} /> : <span className={initialsBox} aria-hidden="true">{member.initials}</span>}
        <div className={details}>
          <span className={name}>{member.name}</span>
          <span className={line}>
            Member no. <span className={mono}>{member.memberNo}</span>
          </span>
          <span className={line}>Plan: {member.plan ?? 'Default plan'}</span>
          {member.validUntil && <span className={line}>Valid until {formatDate(member.validUntil, dateFormat)}</span>}
        </div>
      </div>
      <div className={footer}>
        <Code128 value={member.barcode} widthMm={70} heightMm={9} />
      </div>
    </div>
  );
}

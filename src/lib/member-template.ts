/**
 * The member CSV template `members-template.csv` (section 3): the 21 columns of member-rules in
 * the specification's order and 5 sample members (shift DAY or NIGHT) that the server's bulk
 * upload accepts as they are: valid CNICs, mobile numbers and registration ids, strong passwords,
 * and the demo library's department and session names.
 */
import Papa from 'papaparse';
import { saveCsv } from './download';
import { MEMBER_CSV_COLUMNS, type MemberCsvColumn } from './member-rules';

/** One row of a member CSV, by template column. */
export type MemberCsvRow = Record<MemberCsvColumn, string>;

/** The name the template downloads under (section 2, "Downloads"). */
export const MEMBER_TEMPLATE_FILE_NAME = 'members-template.csv';

/** The template's sample members (section 3: 5 members). */
export const MEMBER_TEMPLATE_SAMPLE: readonly MemberCsvRow[] = [
  {
    username: 'sana.sheikh',
    email: 'sana.sheikh@example.com',
    password: 'Quill-Harbor-2718',
    first_name: 'Sana',
    last_name: 'Sheikh',
    middle_name: '',
    father_first_name: 'Tariq',
    father_last_name: 'Sheikh',
    class_name: 'BS Computer Science',
    section: 'A',
    mobile_number: '0300-7654321',
    cnic: '35202-7654321-1',
    department: 'Computer Science',
    session: '2024-2028',
    registration_id: 'REG-2025-101',
    roll_no: '101',
    shift: 'DAY',
    security_fee: '500.00',
    home_address: '12 Canal Road, Lahore',
    emergency_contact: '+92 321 7654321',
    library_membership_id: 'LM-2025-101',
  },
  {
    username: 'bilal.ahmed',
    email: 'bilal.ahmed@example.com',
    password: 'Maple-Lantern-3141',
    first_name: 'Bilal',
    last_name: 'Ahmed',
    middle_name: 'Raza',
    father_first_name: 'Nadeem',
    father_last_name: 'Ahmed',
    class_name: 'BS Mathematics',
    section: 'B',
    mobile_number: '0301-2345678',
    cnic: '3520223456782',
    department: 'Mathematics',
    session: '2023-2027',
    registration_id: 'REG-2025-102',
    roll_no: '102',
    shift: 'NIGHT',
    security_fee: '500.00',
    home_address: '45 Mall Road, Lahore',
    emergency_contact: '0321-2345678',
    library_membership_id: 'LM-2025-102',
  },
  {
    username: 'hira.nadeem',
    email: 'hira.nadeem@example.com',
    password: 'Cobalt-Meadow-1618',
    first_name: 'Hira',
    last_name: 'Nadeem',
    middle_name: '',
    father_first_name: 'Nadeem',
    father_last_name: 'Akhtar',
    class_name: 'BA English',
    section: 'A',
    mobile_number: '0333-4567890',
    cnic: '35202-3456789-4',
    department: 'English Literature',
    session: '2024-2028',
    registration_id: 'REG-2025-103',
    roll_no: '103',
    shift: 'DAY',
    security_fee: '750.50',
    home_address: '7 Jail Road, Lahore',
    emergency_contact: '0333-1112223',
    library_membership_id: 'LM-2025-103',
  },
  {
    username: 'omar.farooq',
    email: 'omar.farooq@example.com',
    password: 'Granite-Willow-5772',
    first_name: 'Omar',
    last_name: 'Farooq',
    middle_name: '',
    father_first_name: 'Umar',
    father_last_name: 'Farooq',
    class_name: 'BS Computer Science',
    section: 'C',
    mobile_number: '+92 345 6789012',
    cnic: '35202-4567890-5',
    department: 'Computer Science',
    session: '2023-2027',
    registration_id: 'REG-2025-104',
    roll_no: '104',
    shift: 'NIGHT',
    security_fee: '0',
    home_address: '',
    emergency_contact: '',
    library_membership_id: 'LM-2025-104',
  },
  {
    username: 'noor.fatima',
    email: 'noor.fatima@example.com',
    password: 'Saffron-Beacon-1414',
    first_name: 'Noor',
    last_name: 'Fatima',
    middle_name: '',
    father_first_name: 'Khalid',
    father_last_name: 'Mehmood',
    class_name: 'BS Mathematics',
    section: 'A',
    mobile_number: '0312-9876543',
    cnic: '35202-5678901-6',
    department: 'Mathematics',
    session: '2024-2028',
    registration_id: 'REG-2025-105',
    roll_no: '105',
    shift: 'DAY',
    security_fee: '500.00',
    home_address: '3 Ferozepur Road, Lahore',
    emergency_contact: '0312-1234567',
    library_membership_id: 'LM-2025-105',
  },
];

/** The text of `members-template.csv` (CRLF line ends, quoted where needed). */
export function memberTemplateCsv(): string {
  return Papa.unparse(
    { fields: [...MEMBER_CSV_COLUMNS], data: MEMBER_TEMPLATE_SAMPLE.map((row) => MEMBER_CSV_COLUMNS.map((column) => row[column])) },
    { newline: '\r\n' },
  );
}

/** Downloads `members-template.csv`, made in the browser; throws when the browser cannot save it. */
export function downloadMemberTemplate(): void {
  saveCsv(memberTemplateCsv(), MEMBER_TEMPLATE_FILE_NAME);
}

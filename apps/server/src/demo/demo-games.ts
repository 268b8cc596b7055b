import type { GameContent, Point } from '@streethunt/shared';

/**
 * Demo games in Tel Aviv-Yafo: real places, answers a player can find on the spot (a sign, a plaque,
 * a count), accepted answers with Hebrew and English alternatives. Fixed ids, so the demo URLs are
 * the same on every new database.
 */
export type DemoGame = { id: string; content: GameContent };

type Written<Q> = Omit<Q, 'id' | 'hints'> & { hints: Array<Omit<GameContent['questions'][number]['hints'][number], 'id'>> };
type DemoSource = { id: string; content: Omit<GameContent, 'questions'> & { questions: Array<Written<GameContent['questions'][number]>> } };

/** Question and hint ids fixed too (`g1q2`, `g1q2h1`), so a demo play's states name the same questions on every new database. */
const withDemoIds = (source: DemoSource, gameNumber: number): DemoGame => ({
  id: source.id,
  content: {
    ...source.content,
    questions: source.content.questions.map((question, qi) => ({
      ...question,
      id: `g${gameNumber}q${qi + 1}`,
      hints: question.hints.map((hint, hi) => ({ ...hint, id: `g${gameNumber}q${qi + 1}h${hi + 1}` })),
    })),
  },
});

/** A polygon of `sides` points on a circle of about `radiusM` metres around a place. */
function area(center: Point, radiusM: number, sides: number): Point[] {
  const dLat = radiusM / 111_320;
  const dLng = radiusM / (111_320 * Math.cos((center.lat * Math.PI) / 180));
  return Array.from({ length: sides }, (_, i) => {
    const angle = (2 * Math.PI * i) / sides;
    return { lat: round(center.lat + dLat * Math.cos(angle)), lng: round(center.lng + dLng * Math.sin(angle)) };
  });
}
const round = (x: number) => Math.round(x * 1e6) / 1e6;

const place = {
  dizengoffSquare: { lat: 32.07778, lng: 34.77415 },
  habimaSquare: { lat: 32.07265, lng: 34.77905 },
  bialikHouse: { lat: 32.07395, lng: 34.7717 },
  foundersMonument: { lat: 32.0638, lng: 34.7717 },
  independenceHall: { lat: 32.06305, lng: 34.77045 },
};

const demoSources: DemoSource[] = [
  {
    id: '64656d6f67616d6500000001',
    content: {
      metadata: {
        name: 'לב העיר הלבנה: מכיכר דיזנגוף לשדרות רוטשילד',
        locationCity: 'תל אביב-יפו',
        locationText: 'כיכר דיזנגוף',
        price: 45,
        currencyCode: 'ILS',
        language: 'he',
        map: true,
        coverImage: '',
        // The start: the north side of the square.
        location: { lat: 32.07812, lng: 34.77405 },
        // Level pavements and boulevards all the way (DESIGN.md section 16): the list's 'step-free only' shows it.
        accessibility: {
          stepFree: 'yes',
          lengthKm: 3,
          durationMinutes: 120,
          notes: 'מסלול מישורי על מדרכות ובשדרות, עם ספסלים וצל לאורך הדרך. מעברי החצייה מונמכים.',
        },
      },
      introPage: {
        content:
          '<p>ברוכים הבאים למשחק רחוב בלב תל אביב! נצא מ<strong>כיכר דיזנגוף</strong>, נעבור ב<strong>כיכר הבימה</strong> וב<strong>רחוב ביאליק</strong>, ונסיים ב<strong>שדרות רוטשילד</strong>, במקום שבו הוכרזה המדינה.</p>' +
          '<ul><li>אורך המסלול: כ-3 ק״מ, כשעתיים הליכה</li><li>קחו מים, כובע וטלפון טעון</li><li>שימו לב לכבישים ולרוכבי האופניים</li></ul>',
      },
      questions: [
        {
          content:
            '<p>במרכז הכיכר עומדת מזרקה צבעונית של גלגלי שיניים, שמשלבת אש ומים. הכיכר נקראת על שם צינה דיזנגוף, אשתו של ראש העיר הראשון.</p><p><strong>מה שם המשפחה של האמן שיצר את המזרקה?</strong></p>',
          location: area(place.dizengoffSquare, 55, 6),
          answer: {
            kind: 'text',
            value: 'אגם, יעקב אגם, Agam, Yaacov Agam, Yaakov Agam',
            content: '<p>השלט שליד המזרקה מספר עליה.</p>',
            contentAfterAnswer: '<p>נכון! המזרקה „אש ומים” נחנכה בשנת 1986, והיא מסתובבת ומשנה את צורתה.</p>',
          },
          hints: [
            { title: 'מי האמן?', content: '<p>אמן ישראלי ידוע של אמנות קינטית ואופטית, שנולד בראשון לציון.</p>' },
            { content: '<p>שם המשפחה שלו הוא גם מילה עברית לבריכת מים קטנה.</p>' },
          ],
        },
        {
          content:
            '<p>הגעתם לכיכר התרבות של העיר: התיאטרון הלאומי, היכל התרבות וגן שקוע באמצע. בקצה הכיכר עומד ביתן לאמנות עכשווית.</p><p><strong>על שם איזו אשת עסקים, חלוצת תעשיית הקוסמטיקה, נקרא הביתן?</strong></p>',
          location: area(place.habimaSquare, 45, 4),
          answer: {
            kind: 'text',
            value: 'הלנה רובינשטיין, רובינשטיין, Helena Rubinstein, Rubinstein',
            content: '',
            contentAfterAnswer: '<p>נכון! הביתן הוא חלק ממוזיאון תל אביב לאמנות, והכניסה לתערוכות שבו חופשית.</p>',
          },
          hints: [{ title: 'איפה מחפשים?', content: '<p>השם כתוב על חזית הביתן, ליד הכניסה.</p>' }],
        },
        {
          content:
            '<p>ברחוב ביאליק עומד בית לבן עם מגדלון: ביתו של המשורר הלאומי חיים נחמן ביאליק, והיום מוזיאון.</p><p><strong>מה מספר הבית של בית ביאליק?</strong></p>',
          // A point: the player arrives within the usual radius around the door.
          location: place.bialikHouse,
          answer: {
            kind: 'text',
            value: '22, עשרים ושתיים, twenty two, twenty-two',
            content: '<p>חפשו את השלט ליד השער.</p>',
            contentAfterAnswer: '<p>נכון! ביאליק גר כאן מאז 1925. בהמשך הרחוב נמצא בית העיר, שבו ישבה עיריית תל אביב שנים רבות.</p>',
          },
          hints: [
            { content: '<p>המספר מופיע על השלט שליד השער.</p>' },
            { title: 'רמז על המספר', content: '<p>זהו מספר זוגי בין 20 ל-30.</p>' },
          ],
        },
        {
          content:
            '<p>בפינת שדרות רוטשילד ורחוב נחלת בנימין עומדות אנדרטת המייסדים והמזרקה. כאן, על הדיונות, נערכה ב-1909 הגרלת הצדפים שבה חולקו המגרשים של שכונת אחוזת בית.</p><p><strong>כמה משפחות השתתפו בהגרלה?</strong></p>',
          location: area(place.foundersMonument, 40, 5),
          answer: {
            kind: 'text',
            value: '66, שישים ושש, sixty six, sixty-six',
            content: '<p>השמות חקוקים על האנדרטה, והשלט שלידה מספר את הסיפור.</p>',
            contentAfterAnswer: '<p>נכון! כל משפחה קיבלה מגרש לפי הצדף שמשכה, וזו הייתה ראשיתה של תל אביב.</p>',
          },
          hints: [
            { title: 'איפה מחפשים?', content: '<p>על דפנות האנדרטה חקוקים שמות המשפחות.</p>' },
            { content: '<p>המספר גדול מ-60 וקטן מ-70.</p>' },
          ],
        },
        {
          content:
            '<p>בשדרות רוטשילד, בבית שבו גר ראש העיר הראשון מאיר דיזנגוף, נמצא היום היכל העצמאות. כאן הכריז דוד בן-גוריון על הקמת מדינת ישראל.</p><p><strong>באיזו שנה לועזית הוכרזה המדינה?</strong></p>',
          location: area(place.independenceHall, 35, 4),
          answer: {
            kind: 'text',
            value: '1948, תש״ח, תש"ח, תשח',
            content: '<p>השנה כתובה על השלט שליד הכניסה לבניין.</p>',
            contentAfterAnswer: '<p>נכון! ההכרזה נערכה ביום שישי אחר הצהריים, לפני כניסת השבת.</p>',
          },
          hints: [
            { content: '<p>חפשו את השלט ליד דלת הכניסה.</p>' },
            { title: 'רמז על השנה', content: '<p>השנה מתחילה ב-19 ומסתיימת בספרה זוגית.</p>' },
          ],
        },
      ],
      gameoverPage: {
        content:
          '<p><strong>כל הכבוד!</strong> סיימתם את הסיור בלב העיר הלבנה.</p><p>לאורך שדרות רוטשילד יש קיוסקים ובתי קפה: מגיע לכם משהו קר.</p>',
        hideGameSummary: false,
      },
    },
  },
  {
    id: '64656d6f67616d6500000002',
    content: {
      metadata: {
        name: 'Old Jaffa to Neve Tzedek',
        locationCity: 'Tel Aviv-Yafo',
        locationText: 'Jaffa Clock Tower',
        price: 60,
        currencyCode: 'ILS',
        language: 'en',
        map: false,
        coverImage: '',
        // Where the walk starts: no map in the game, but the list's 'near me' sorts by it.
        location: { lat: 32.05503, lng: 34.75624 },
        accessibility: {
          stepFree: 'no',
          lengthKm: 2.5,
          durationMinutes: 90,
          notes: 'Old Jaffa has steep stone alleys and stairs. The second stop, up on the hill, has a level alternative by the port.',
        },
      },
      introPage: {
        content:
          '<p>A walk from the <strong>Jaffa Clock Tower</strong> through the alleys of Old Jaffa to the old railway station and on to <strong>Neve Tzedek</strong>, the first Jewish neighbourhood built outside the walls of Jaffa.</p>' +
          '<ul><li>About 2.5 km, an hour and a half on foot</li><li>Wear comfortable shoes: the alleys are steep and paved with stone</li><li>Some places close on Saturdays</li></ul>',
      },
      questions: [
        {
          content:
            '<p>The clock tower on Yefet Street was built by the Ottomans at the start of the twentieth century, one of many clock towers across the empire that marked the same ruler’s jubilee.</p><p><strong>Which sultan does the tower honour?</strong></p>',
          answer: {
            kind: 'text',
            value: 'Abdul Hamid, Abdul Hamid II, Abdulhamid, Abdulhamid II, עבדול חמיד, עבד אל-חמיד',
            content: '<p>The plaque on the tower tells its story.</p>',
            contentAfterAnswer: '<p>Right! Now look up at the stained-glass windows: they tell the story of the city.</p>',
          },
          hints: [
            { title: 'When', content: '<p>The tower marks the 25th year of his reign, in 1900.</p>' },
            { content: '<p>He was the second sultan of that name.</p>' },
          ],
        },
        {
          content:
            '<p>Climb up to the park on the hill of Old Jaffa and find the small footbridge known as the Wishing Bridge. Legend says that if you touch your sign and look out to sea, your wish comes true.</p><p><strong>How many signs of the zodiac decorate the bridge?</strong></p>',
          // For those who cannot climb the hill: the level promenade below it.
          alternative: { location: { lat: 32.05389, lng: 34.75212 }, note: 'The port promenade below the hill is level: the hints answer this stop without the climb.' },
          answer: {
            kind: 'text',
            value: '12, twelve, שתים עשרה, שנים עשר',
            content: '',
            contentAfterAnswer: '<p>Right! The alleys around the park are named after the signs of the zodiac too.</p>',
          },
          hints: [
            { content: '<p>Count the bronze signs along both railings.</p>' },
            { title: 'Think of the calendar', content: '<p>There is one sign for each month of the year.</p>' },
          ],
        },
        {
          content:
            '<p>Walk north along the coast to HaTachana, the restored station of the first railway line in the country, opened by the Ottomans in 1892.</p><p><strong>To which city did the trains from this station go?</strong></p>',
          answer: {
            kind: 'text',
            value: 'Jerusalem, Yerushalayim, ירושלים',
            content: '<p>The signs around the old station building tell its story.</p>',
            contentAfterAnswer: '<p>Right! The journey up into the hills took several hours. Today the station is a compound of shops and cafés.</p>',
          },
          hints: [{ content: '<p>The line climbed into the hills, all the way to the holy city.</p>' }],
        },
        {
          content:
            '<p>Cross into Neve Tzedek, founded in 1887. On Yehieli Street, two old school buildings around a courtyard became the home of dance in Tel Aviv.</p><p><strong>Whose name does the dance centre carry?</strong></p>',
          answer: {
            kind: 'text',
            value: 'Suzanne Dellal, Dellal, Suzan Dellal, סוזן דלל, דלל',
            content: '',
            contentAfterAnswer: '<p>Right! The centre opened in 1989 and is the home of the Batsheva Dance Company.</p>',
          },
          hints: [
            { title: 'Look at the gate', content: '<p>The name is written by the main entrance.</p>' },
            { content: '<p>The centre is named after a woman from London whose family supported it.</p>' },
          ],
        },
      ],
      gameoverPage: {
        content: '<p><strong>Well done!</strong> You made it from the port of Jaffa to Neve Tzedek.</p><p>Shabazi Street is around the corner: a good place for an ice cream.</p>',
        hideGameSummary: false,
      },
    },
  },
  {
    id: '64656d6f67616d6500000003',
    content: {
      metadata: {
        name: 'טעימה מהשוק: הכרמל ונחלת בנימין',
        locationCity: 'תל אביב-יפו',
        locationText: 'שוק הכרמל',
        price: 0,
        currencyCode: 'ILS',
        language: 'he',
        map: false,
        coverImage: '',
        location: { lat: 32.06849, lng: 34.76889 },
      },
      introPage: {
        content:
          '<p>משחק קצר ומשפחתי סביב <strong>שוק הכרמל</strong>: שלוש שאלות, שלוש תחנות, והרבה ריחות וטעמים בדרך.</p><ul><li>כשעה הליכה</li><li>השוק סגור בשבת</li></ul>',
      },
      questions: [
        {
          content:
            '<p>בצומת שבו נפגשים שישה רחובות, בכניסה לשוק, נמצאת כיכר שנקראת על שם סמל שיש לו שש קצוות.</p><p><strong>מה שם הכיכר?</strong></p>',
          answer: {
            kind: 'text',
            value: 'מגן דוד, כיכר מגן דוד, Magen David, Magen David Square, Star of David',
            content: '<p>חפשו את שלט הרחוב על אחד הבניינים בצומת.</p>',
            contentAfterAnswer: '<p>נכון! מכאן נכנסים לשוק, שפועל במקום מאז שנות העשרים.</p>',
          },
          hints: [{ content: '<p>ספרו את הרחובות שנפגשים בצומת, וחשבו על סמל עם אותו מספר קצוות.</p>' }],
        },
        {
          content:
            '<p>ברחוב נחלת בנימין, המדרחוב שליד השוק, מתקיים יריד אמנים ויוצרים פעמיים בשבוע.</p><p><strong>באיזה יום בשבוע מתקיים היריד? כתבו אחד מהימים.</strong></p>',
          answer: {
            kind: 'text',
            value: 'שלישי, שישי, יום שלישי, יום שישי, Tuesday, Friday',
            content: '',
            contentAfterAnswer: '<p>נכון! היריד פועל פעמיים בשבוע, והדוכנים מציגים רק עבודות של היוצרים עצמם.</p>',
          },
          hints: [
            { title: 'שלט היריד', content: '<p>בתחילת המדרחוב יש שלט עם ימי היריד ושעותיו.</p>' },
            { content: '<p>אחד הימים הוא ערב שבת.</p>' },
          ],
        },
        {
          content:
            '<p>ממערב לשוק משתרעת שכונה של סמטאות צרות ומסעדות ביתיות, שנוסדה בתחילת המאה העשרים.</p><p><strong>מאיזו ארץ הגיעו מייסדי השכונה?</strong></p>',
          answer: {
            kind: 'text',
            value: 'תימן, Yemen',
            content: '',
            contentAfterAnswer: '<p>נכון! נסו את אחת המסעדות בסמטאות: זה הזמן לטעימה.</p>',
          },
          hints: [{ content: '<p>שם השכונה כתוב על שלטי הרחוב: „כרם ה...”.</p>' }],
        },
      ],
      gameoverPage: { content: '<p><strong>סיימתם!</strong> עכשיו זה הזמן לטעום משהו בשוק.</p>', hideGameSummary: false },
    },
  },
];

export const demoGames: DemoGame[] = demoSources.map((source, i) => withDemoIds(source, i + 1));

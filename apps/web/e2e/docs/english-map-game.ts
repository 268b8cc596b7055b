import type { Translation } from '@streethunt/shared';

/**
 * The Hebrew demo map game ('לב העיר הלבנה…', apps/server/src/demo/demo-games.ts) in English, every
 * text by its path: the documentation's English pictures show the same game as its Hebrew ones, in
 * words a reader understands, rather than the tests' placeholders.
 */
export const englishMapGame: Translation = {
  metadata: {
    name: 'Heart of the White City: from Dizengoff Square to Rothschild Boulevard',
    locationCity: 'Tel Aviv-Yafo',
    locationText: 'Dizengoff Square',
  },
  introPage: {
    content:
      '<p>Welcome to a street game in the heart of Tel Aviv! We start at <strong>Dizengoff Square</strong>, pass <strong>Habima Square</strong> and <strong>Bialik Street</strong>, and finish on <strong>Rothschild Boulevard</strong>, where the state was declared.</p>' +
      '<ul><li>About 3 km, two hours on foot</li><li>Bring water, a hat and a charged phone</li><li>Watch out for traffic and cyclists</li></ul>',
  },
  gameoverPage: {
    content: '<p><strong>Well done!</strong> You have finished the walk through the heart of the White City.</p><p>There are kiosks and cafés all along Rothschild Boulevard: you have earned something cold.</p>',
  },
  questions: {
    g1q1: {
      content:
        '<p>In the middle of the square stands a colourful fountain of cogwheels that joins fire and water. The square is named after Zina Dizengoff, wife of the first mayor.</p><p><strong>What is the family name of the artist who made the fountain?</strong></p>',
      answer: {
        content: '<p>The sign beside the fountain tells its story.</p>',
        contentAfterAnswer: '<p>Right! The “Fire and Water” fountain was unveiled in 1986; it turns and changes its shape.</p>',
      },
      answers: 'Agam, Yaacov Agam, Yaakov Agam',
      hints: {
        g1q1h1: { title: 'Who is the artist?', content: '<p>A well-known Israeli artist of kinetic and optical art, born in Rishon LeZion.</p>' },
        g1q1h2: { content: '<p>His family name is also a Hebrew word for a small pool of water.</p>' },
      },
    },
    g1q2: {
      content:
        '<p>You have reached the city’s square of culture: the national theatre, the concert hall and a sunken garden in the middle. At the edge of the square stands a pavilion for contemporary art.</p><p><strong>Which businesswoman, a pioneer of the cosmetics industry, is the pavilion named after?</strong></p>',
      answer: { contentAfterAnswer: '<p>Right! The pavilion is part of the Tel Aviv Museum of Art, and its exhibitions are free.</p>' },
      answers: 'Helena Rubinstein, Rubinstein',
      hints: { g1q2h1: { title: 'Where to look?', content: '<p>The name is written on the front of the pavilion, by the entrance.</p>' } },
    },
    g1q3: {
      content:
        '<p>On Bialik Street stands a white house with a little tower: the home of the national poet Hayim Nahman Bialik, a museum today.</p><p><strong>What is the house number of Bialik House?</strong></p>',
      answer: {
        content: '<p>Look for the sign by the gate.</p>',
        contentAfterAnswer: '<p>Right! Bialik lived here from 1925. Further along the street is Beit Ha’ir, where Tel Aviv’s city hall sat for many years.</p>',
      },
      answers: '22, twenty two, twenty-two',
      hints: {
        g1q3h1: { content: '<p>The number is on the sign beside the gate.</p>' },
        g1q3h2: { title: 'About the number', content: '<p>It is an even number between 20 and 30.</p>' },
      },
    },
    g1q4: {
      content:
        '<p>At the corner of Rothschild Boulevard and Nahalat Binyamin Street stand the Founders’ Monument and its fountain. Here, on the dunes, the seashell lottery of 1909 shared out the plots of the Ahuzat Bayit neighbourhood.</p><p><strong>How many families took part in the lottery?</strong></p>',
      answer: {
        content: '<p>The names are carved on the monument, and the sign beside it tells the story.</p>',
        contentAfterAnswer: '<p>Right! Each family got a plot by the shell it drew, and that was the beginning of Tel Aviv.</p>',
      },
      answers: '66, sixty six, sixty-six',
      hints: {
        g1q4h1: { title: 'Where to look?', content: '<p>The families’ names are carved on the sides of the monument.</p>' },
        g1q4h2: { content: '<p>The number is more than 60 and less than 70.</p>' },
      },
    },
    g1q5: {
      content:
        '<p>On Rothschild Boulevard, in the house where the first mayor Meir Dizengoff lived, is Independence Hall today. Here David Ben-Gurion declared the founding of the State of Israel.</p><p><strong>In which year was the state declared?</strong></p>',
      answer: {
        content: '<p>The year is written on the sign by the entrance to the building.</p>',
        contentAfterAnswer: '<p>Right! The declaration took place on a Friday afternoon, before the Sabbath began.</p>',
      },
      answers: '1948, nineteen forty-eight',
      hints: {
        g1q5h1: { content: '<p>Look for the sign by the front door.</p>' },
        g1q5h2: { title: 'About the year', content: '<p>The year starts with 19 and ends in an even digit.</p>' },
      },
    },
  },
};

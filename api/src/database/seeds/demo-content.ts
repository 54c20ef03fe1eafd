// Over 300 lines because it is data, not logic: the demo trainers, their programmes and lessons, written out so
// that the seed (demo.ts) stays short. Add content here; keep behaviour in demo.ts.
import type { ProgramCategory, ProgramLevel, TrainerSpecialisation } from '@fitcoach/contracts';

/** Demo accounts; everything the seed creates is keyed by these addresses, so running it again changes nothing. */
export const DEMO_ADMIN = {
  email: 'admin@fitcoach.local',
  password: 'admin-password',
  firstName: 'Ada',
  lastName: 'Admin',
} as const;

export const DEMO_MEMBER = {
  email: 'demo@fitcoach.local',
  password: 'demo-password',
  firstName: 'Demo',
  lastName: 'Member',
} as const;

export const DEMO_TRAINER_PASSWORD = 'trainer-password';

export interface DemoLesson {
  title: string;
  description: string;
}

export interface DemoProgram {
  name: string;
  description: string;
  category: ProgramCategory;
  level: ProgramLevel;
  durationDays: number;
  /** Whole dollars, as the programme form takes it. */
  price: number;
  /** Unpublished ones wait for a superuser with a pending publish request (docs/product.md §4). */
  published: boolean;
  lessons: DemoLesson[];
}

export interface DemoTrainer {
  email: string;
  firstName: string;
  lastName: string;
  specialisation: TrainerSpecialisation;
  country: string;
  phone: string;
  experienceYears: number;
  certifications: string;
  about: string;
  /** The two colours of the generated profile picture. */
  colours: [string, string];
  programs: DemoProgram[];
}

const lesson = (title: string, description: string): DemoLesson => ({ title, description });

export const DEMO_TRAINERS: DemoTrainer[] = [
  {
    email: 'trainer1@fitcoach.local',
    firstName: 'Maya',
    lastName: 'Iyer',
    specialisation: 'Yoga',
    country: 'India',
    phone: '9876543210',
    experienceYears: 9,
    certifications: 'RYT-500 (Yoga Alliance), Prenatal Yoga Teacher, Yin Yoga Level 2',
    about:
      'I started practising yoga in Rishikesh at nineteen and have taught in studios, offices and hospitals ever ' +
      'since. My classes are slow enough to learn the alignment and honest enough to make you sweat, and every ' +
      'programme ends with a few minutes of breathing so you leave calmer than you came.',
    colours: ['#f6d365', '#fda085'],
    programs: [
      {
        name: 'Sunrise Yoga Foundations',
        description:
          'Three weeks of short morning sessions that teach the standing poses, sun salutations and steady breathing.',
        category: 'Yoga',
        level: 'Beginner',
        durationDays: 21,
        price: 29,
        published: true,
        lessons: [
          lesson(
            'Breathing before moving',
            'Ujjayi breath and a seated check-in you will use in every class.',
          ),
          lesson(
            'Sun salutation A, slowly',
            'Each pose of the sequence on its own, then linked to the breath.',
          ),
          lesson('Standing strong', 'Mountain, warrior I and II, and how to set your feet.'),
          lesson('Your first full flow', 'Twenty minutes that put the week together, ending in savasana.'),
        ],
      },
      {
        name: 'Gentle Flexibility Flow',
        description:
          'Hips, hamstrings and shoulders opened a little further every day, without forcing anything.',
        category: 'Yoga',
        level: 'Beginner',
        durationDays: 14,
        price: 19,
        published: true,
        lessons: [
          lesson('Hips that move', 'Low lunges and a supported pigeon for tight hips.'),
          lesson('Hamstrings without strain', 'Forward folds with bent knees and a strap.'),
          lesson('Open shoulders', 'Thread the needle, puppy pose and wall stretches.'),
        ],
      },
      {
        name: 'Core Pilates Basics',
        description:
          'The classical mat exercises for a stronger centre: hundred, roll-up, single-leg stretch.',
        category: 'Pilates',
        level: 'Beginner',
        durationDays: 28,
        price: 35,
        published: true,
        lessons: [
          lesson('Neutral spine and imprint', 'Finding the positions every Pilates exercise starts from.'),
          lesson('The hundred', 'Breath, pumping arms and a steady torso.'),
          lesson('Roll-up and roll-down', 'Articulating the spine one vertebra at a time.'),
          lesson('Single-leg stretch series', 'Coordination and control for the deep abdominals.'),
          lesson('A complete beginner mat', 'The whole sequence in thirty minutes.'),
        ],
      },
      {
        name: 'Mindful Weight Loss Walk and Flow',
        description: 'Brisk walks and easy yoga flows on alternate days, with simple habits for eating well.',
        category: 'Weight Loss',
        level: 'Beginner',
        durationDays: 30,
        price: 39,
        published: true,
        lessons: [
          lesson('Walking with intent', 'Pace, posture and how to tell you are working hard enough.'),
          lesson('Flow for active recovery', 'A gentle sequence for the days between walks.'),
          lesson('Habits that stick', 'Sleep, water and plates: three small changes for the month.'),
        ],
      },
      {
        name: 'Desk Worker Mobility Reset',
        description: 'Ten days of ten-minute routines for necks, backs and wrists that sit all day.',
        category: 'Other',
        level: 'Beginner',
        durationDays: 10,
        price: 15,
        published: true,
        lessons: [
          lesson('Neck and upper back', 'Chin tucks, thoracic rotations and a doorway stretch.'),
          lesson('Wrists and forearms', 'Relief for typing hands in five minutes.'),
          lesson('Lower back and hips', 'Cat-cow, hip flexor stretch and glute bridges.'),
          lesson('The two-minute chair routine', 'Everything above, done without leaving your desk.'),
        ],
      },
      {
        name: 'Power Vinyasa Journey',
        description:
          'A month of dynamic flows with arm balances and inversions for practitioners with a base.',
        category: 'Yoga',
        level: 'Intermediate',
        durationDays: 30,
        price: 45,
        published: false,
        lessons: [
          lesson('Chaturanga done right', 'Elbows, shoulders and the lowering that protects them.'),
          lesson('Crow pose', 'Weight forward, gaze forward, and a soft landing.'),
          lesson('Headstand preparation', 'Building the base at the wall.'),
        ],
      },
    ],
  },
  {
    email: 'trainer2@fitcoach.local',
    firstName: 'Lucas',
    lastName: 'Moreau',
    specialisation: 'Weight Training',
    country: 'France',
    phone: '6123456789',
    experienceYears: 12,
    certifications: 'NSCA-CSCS, Olympic Weightlifting Coach Level 2',
    about:
      'Former national-level weightlifter. I coach people who want to lift heavy, safely, for decades: technique ' +
      'first, then progressive overload, with a training log that shows every kilo you gain.',
    colours: ['#434343', '#c0392b'],
    programs: [
      {
        name: 'Strength Fundamentals 5x5',
        description: 'Squat, bench, deadlift, press and row on a simple linear progression for eight weeks.',
        category: 'Strength Training',
        level: 'Intermediate',
        durationDays: 56,
        price: 59,
        published: true,
        lessons: [
          lesson('The squat', 'Bracing, depth and the bar path of a back squat.'),
          lesson('The bench press', 'Set-up, leg drive and where the bar touches.'),
          lesson('The deadlift', 'Hinge, slack out of the bar, and lockout.'),
          lesson('Running the programme', 'How to add weight, when to deload, what to log.'),
        ],
      },
      {
        name: 'Powerlifting Peak Cycle',
        description: 'Twelve weeks of periodised training that ends with a mock meet and new one-rep maxes.',
        category: 'Strength Training',
        level: 'Advance',
        durationDays: 84,
        price: 89,
        published: true,
        lessons: [
          lesson('Reading RPE', 'Rating each set so the plan adapts to your day.'),
          lesson('Accumulation block', 'Volume that builds the base for heavier weeks.'),
          lesson('Intensification block', 'Heavier triples and doubles with full recovery.'),
          lesson('Peaking and the mock meet', 'Openers, attempts and the taper week.'),
        ],
      },
      {
        name: 'Barbell Conditioning WOD',
        description: 'Six weeks of barbell complexes and metcons for lifters who want an engine to match.',
        category: 'CrossFit',
        level: 'Advance',
        durationDays: 42,
        price: 69,
        published: true,
        lessons: [
          lesson('The barbell complex', 'Five movements without putting the bar down.'),
          lesson('Thrusters and pacing', 'How to break up big sets before they break you.'),
          lesson('Benchmark workout', 'A test to repeat in week six.'),
        ],
      },
    ],
  },
  {
    email: 'trainer3@fitcoach.local',
    firstName: 'Aiko',
    lastName: 'Tanaka',
    specialisation: 'Cardio',
    country: 'Japan',
    phone: '9012345678',
    experienceYears: 6,
    certifications: 'ACE Certified Personal Trainer, Indoor Cycling Instructor',
    about:
      'Marathon runner and indoor cycling instructor from Osaka. I like short, intense sessions with clear ' +
      'numbers: heart-rate zones, intervals and a finish line every single day.',
    colours: ['#43cea2', '#185a9d'],
    programs: [
      {
        name: 'Couch to 5K Cardio',
        description:
          'Walk-run intervals that take a complete beginner to a continuous five kilometres in two months.',
        category: 'Cardio',
        level: 'Beginner',
        durationDays: 60,
        price: 25,
        published: true,
        lessons: [
          lesson('Week one: walk-run', 'Sixty seconds of running, ninety of walking, eight times.'),
          lesson('Breathing and cadence', 'Running easy enough to talk, with quick light steps.'),
          lesson('The first continuous mile', 'Week five, and how to get through it.'),
          lesson('Race day', 'Warm-up, pacing and the finishing kick.'),
        ],
      },
      {
        name: '20-Minute HIIT Burn',
        description:
          'No-equipment interval sessions that fit a lunch break and leave you properly out of breath.',
        category: 'HIIT',
        level: 'Intermediate',
        durationDays: 28,
        price: 35,
        published: true,
        lessons: [
          lesson('Intervals explained', 'Work, rest and why the rest matters.'),
          lesson('Lower-body burner', 'Squat jumps, lunges and skaters.'),
          lesson('Upper-body and core', 'Push-ups, plank jacks and mountain climbers.'),
          lesson('Full-body finisher', 'Everything together, twenty minutes, no breaks skipped.'),
        ],
      },
      {
        name: 'Tabata Inferno',
        description:
          'Twenty seconds on, ten off: three weeks of the hardest four-minute rounds you have done.',
        category: 'HIIT',
        level: 'Advance',
        durationDays: 21,
        price: 49,
        published: true,
        lessons: [
          lesson('The Tabata protocol', 'Eight rounds and how to score them.'),
          lesson('Burpee Tabata', 'The classic, with a scaled version.'),
          lesson('Sprint Tabata', 'On a bike, a rower or a hill.'),
        ],
      },
    ],
  },
  {
    email: 'trainer4@fitcoach.local',
    firstName: 'Daniel',
    lastName: 'Okafor',
    specialisation: 'Calisthenics',
    country: 'Nigeria',
    phone: '8031234567',
    experienceYears: 8,
    certifications: 'NASM-CPT, Street Workout Coach, Gymnastics Strength Training',
    about:
      'I train on park bars in Lagos and teach people to master their own bodyweight, from the first real push-up ' +
      'to the muscle-up and the front lever, with progressions that never skip a step.',
    colours: ['#ff512f', '#dd2476'],
    programs: [
      {
        name: 'Bodyweight CrossFit Circuits',
        description: 'Five weeks of gymnastic metcons you can do with a pull-up bar and a patch of floor.',
        category: 'CrossFit',
        level: 'Intermediate',
        durationDays: 35,
        price: 45,
        published: true,
        lessons: [
          lesson('Kipping, when and how', 'The swing that links pull-ups into sets.'),
          lesson('Chipper workout', 'A long list of movements done once, in order.'),
          lesson('EMOM strength', 'Every minute on the minute for skill under fatigue.'),
        ],
      },
      {
        name: 'Calisthenics Skills Mastery',
        description: 'Three months of progressions towards the muscle-up, the handstand and the front lever.',
        category: 'Other',
        level: 'Advance',
        durationDays: 90,
        price: 99,
        published: true,
        lessons: [
          lesson('Strict pull-up strength', 'Weighted pulls and slow negatives.'),
          lesson('The muscle-up transition', 'False grip and the high pull.'),
          lesson('Handstand balance', 'Wall lines, then the first free seconds.'),
          lesson('Front lever progressions', 'Tuck, advanced tuck and straddle.'),
          lesson('Putting it in a routine', 'A skills session that fits in an hour.'),
        ],
      },
      {
        name: 'Pull-up Progression Lab',
        description: 'From a dead hang to your first five strict pull-ups in a month.',
        category: 'Strength Training',
        level: 'Beginner',
        durationDays: 30,
        price: 25,
        published: false,
        lessons: [
          lesson('Dead hangs and scapular pulls', 'Grip strength and shoulders that engage.'),
          lesson('Negatives', 'Lowering slowly from the top.'),
          lesson('Band-assisted sets', 'Less help every week.'),
        ],
      },
    ],
  },
  {
    email: 'trainer5@fitcoach.local',
    firstName: 'Sofia',
    lastName: 'Lindqvist',
    specialisation: 'Diet',
    country: 'Sweden',
    phone: '7012345678',
    experienceYears: 11,
    certifications: 'Registered Dietitian, Precision Nutrition Level 1',
    about: 'Dietitian and Pilates teacher: food you enjoy, movement you keep doing.',
    colours: ['#a18cd1', '#fbc2eb'],
    programs: [
      {
        name: 'Lean and Nourished 6-Week Plan',
        description:
          'Meal structure, portion guides and three short workouts a week for steady, lasting fat loss.',
        category: 'Weight Loss',
        level: 'Intermediate',
        durationDays: 42,
        price: 49,
        published: true,
        lessons: [
          lesson('Building a plate', 'Protein, vegetables, carbohydrates and fats in proportions that work.'),
          lesson('Eating out without guilt', 'Choosing from any menu in under a minute.'),
          lesson('The three weekly workouts', 'Strength, intervals and a long walk.'),
          lesson('After the six weeks', 'Keeping the results when the plan ends.'),
        ],
      },
      {
        name: 'Pilates for Posture',
        description:
          'Four weeks of mat Pilates to strengthen the back and open the chest after long days at a desk.',
        category: 'Pilates',
        level: 'Intermediate',
        durationDays: 28,
        price: 39,
        published: true,
        lessons: [
          lesson('Swan and swimming', 'Extension work for the upper back.'),
          lesson('Side-lying series', 'Hips and obliques for a level pelvis.'),
          lesson('Teaser preparation', 'Control from the centre out.'),
        ],
      },
    ],
  },
];

/** Eleven-character YouTube ids the lessons point at, and the forms people paste links in (all accepted). */
const VIDEO_IDS = [
  'v7AYKMP6rOE',
  'ml6cT4AZdqI',
  '4pKly2JojMw',
  'sTANio_2E0Q',
  'UBMk30rjy0o',
  'cbKkB3POqaY',
  'IODxDxX7oi4',
  'oAPCPjnU1wA',
  'gC_L9qAHVJ8',
  'Eml2xnoLpYE',
  'L_xrDAtykMI',
  'j7rKKpwdXNE',
  'R0mMyV5OtcM',
  'GLy2rYHwUqY',
  'qULTwquOuT4',
] as const;

const VIDEO_LINK_FORMS = [
  (id: string) => `https://www.youtube.com/watch?v=${id}`,
  (id: string) => `https://youtu.be/${id}`,
  (id: string) => `https://m.youtube.com/watch?v=${id}&t=45s`,
  (id: string) => `https://www.youtube.com/shorts/${id}`,
  (id: string) => `https://www.youtube.com/embed/${id}`,
  (id: string) => `https://youtube.com/watch?v=${id}&feature=share`,
] as const;

/** The `index`-th demo video link: ids and link forms rotate so that every form appears. */
export function demoVideoLink(index: number): string {
  const form = VIDEO_LINK_FORMS[index % VIDEO_LINK_FORMS.length];
  return form(VIDEO_IDS[index % VIDEO_IDS.length]);
}

import { UPLOAD_MAX_BYTES } from '@fitcoach/contracts';

/** The product's UI texts that the server and the browser both produce (docs/product.md §5 and §8). */
export const MESSAGES = {
  invalidInput: 'Invalid input',
  invalidLogin: 'Invalid email or password',
  invalidEmail: '! invalid email',
  passwordsDontMatch: "Passwords don't match",
  loggedIn: 'Successfully Logged In',
  blocked: 'You have been temporarly blocked by the user',
  notAuthorized: 'You are not authorized to access this page.',
  requestRejected: 'request rejected',
  lettersOnly: 'Please enter only characters from a to z',
  phone: 'Please enter a valid 10-digit phone number.',
  age: 'Please enter an age between 12 and 120.',
  required: 'This field is required',
  trainerPhone: 'Please enter a valid phone number.',
  invalidCredentials: 'invalid credentials',
  programmeNotCreated: 'Sorry Programme not created',
  programmeBackToReview:
    'Programme updated. Its name, description or price changed, so it is unpublished until a superuser approves it again.',
  duplicateLessonNumber: 'Lesson number already exists',
  error: 'error',
  subscribeToView: 'Subscribe to view the lessons',
  lessonsFinished: 'Congrats You Finished all the Lessons In this Program',
  confirmNextLesson: 'Have you finished the current lesson?',
  continueLesson: 'No... Continue this Lesson',
  markAndContinue: 'Yes... Mark Lesson as Completed',
  confirmUnsubscribe: 'Are you sure you want to unsubscribe?',
  payAgain: 'You will have to pay again to resubscribe later.',
  pictureTooLarge: `Choose a picture of at most ${UPLOAD_MAX_BYTES / (1024 * 1024)} MB`,
} as const;

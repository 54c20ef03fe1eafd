import ui from '~/components/ui/ui.module.css';
import classes from './catalogue.module.css';

// docs/product.md §2.6 Programme details: the five benefits every programme names.
const KEY_BENEFITS = [
  'Improve Your Stamina',
  'Get Better Health',
  'Achieve Peace of Mind',
  'Look Young & Beautiful',
  'Achieve More in Life',
];

export function KeyBenefits() {
  return (
    <section aria-labelledby="key-benefits">
      <h2 className={`${ui.title} ${ui.h2} ${ui.gapBelowSm}`} id="key-benefits">
        Key Benefits
      </h2>
      <ul className={classes.benefits}>
        {KEY_BENEFITS.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
    </section>
  );
}

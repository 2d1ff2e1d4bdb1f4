import { ValidateBy, ValidationOptions } from 'class-validator';

/**
 * The registered payment methods' names and the default one, set once the app gathers them
 * (payment-methods.ts): what `payment_method` and each method's own fields are validated against.
 * Process-wide like the order's DTO class whose rules read it.
 */
export const registeredPaymentMethods: { names: readonly string[]; defaultName: string } = { names: [], defaultName: '' };

/** `payment_method`: one of the registered methods (the message lists them). */
export function IsPaymentMethod(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isPaymentMethod',
      validator: {
        validate: (value) => typeof value === 'string' && registeredPaymentMethods.names.includes(value),
        defaultMessage: (args) => `${args?.property} must be one of: ${registeredPaymentMethods.names.join(', ')}`,
      },
    },
    options,
  );
}

/** A payment method's own field: accepted only when the order is paid that way, named or by default. */
export function OnlyWithPaymentMethod(method: string): PropertyDecorator {
  return ValidateBy({
    name: 'onlyWithPaymentMethod',
    constraints: [method],
    validator: {
      validate: (_value, args) => ((args?.object as { payment_method?: unknown }).payment_method ?? registeredPaymentMethods.defaultName) === method,
      defaultMessage: (args) => `${args?.property} is only accepted when payment_method is ${method}`,
    },
  });
}

export { PAYMENT_PROVIDERS, PROVIDER_FIELDS, isPaymentProvider, type PaymentProvider } from "./provider-fields";
export { listPaymentProviderConfigs, type PaymentProviderView } from "./list-configs";
export { updatePaymentProviderConfig } from "./update-config";
export { testPaymentProvider, type ProviderTestResult } from "./test-provider";
export { loadGatewayConfig, listEnabledProviders, type GatewayConfigOf, type UsdtConfig } from "./gateway-config";
export type { SecretState } from "./stored";

/** The relation's delivery addresses as other modules ask for them (the cart's default, checkout's choice). */
export { countRelationAddresses, defaultDeliveryAddressId, findRelationAddress } from './delivery-addresses.repository';
/** The staff customer page: a relation by uuid and all its delivery addresses. */
export { findDeliveryAddresses as relationAddresses, findRelationByUuid } from './relation.repository';

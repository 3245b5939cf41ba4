/**
 * Named SQL parts images hands to other modules' statements (decision 036), besides
 * productImageList of images.service.ts: the statement stays one statement, images writes the SQL.
 */
export { productImageUuids } from './image-uuids.repository';

/**
 * From the Nasdaq screener's sector and industry names to the SIC codes the
 * site classifies companies by (src/lib/industries.ts, and through them the
 * screener's sector cards). Nasdaq's industries largely follow SIC
 * descriptions, so most map to one code; an industry missing here falls
 * back to its sector's code and is named in the import report, so the table
 * can grow. The SEC's own SIC code, loaded by the sec-submissions import,
 * replaces these guesses.
 */
import { industryFor, type Industry } from '../../../lib/industries.ts';

/** Nasdaq industry name (as exported, compared without case) to SIC code. */
export const NASDAQ_INDUSTRY_SIC: Readonly<Record<string, number>> = {
  // Technology and telecommunications
  'Computer Software: Prepackaged Software': 7372,
  'Computer Software: Programming Data Processing': 7371,
  'EDP Services': 7374,
  'Computer Manufacturing': 3571,
  'Computer Communications Equipment': 3576,
  'Computer peripheral equipment': 3577,
  'Retail: Computer Software & Peripheral Equipment': 5045,
  Semiconductors: 3674,
  'Electronic Components': 3679,
  'Electrical Products': 3600,
  'Radio And Television Broadcasting And Communications Equipment': 3663,
  'Telecommunications Equipment': 3661,
  'Cable & Other Pay Television Services': 4841,
  Broadcasting: 4833,
  'Specialty Telecommunications': 4899,
  'Telecommunications Services': 4813,
  'Consumer Electronics/Appliances': 3651,
  'Consumer Electronics/Video Chains': 5731,
  'Office Equipment/Supplies/Services': 3570,
  'Electronics Distribution': 5065,
  // Health care
  'Biotechnology: Pharmaceutical Preparations': 2834,
  'Biotechnology: Biological Products (No Diagnostic Substances)': 2836,
  'Biotechnology: In Vitro & In Vivo Diagnostic Substances': 2835,
  'Biotechnology: Commercial Physical & Biological Resarch': 8731,
  'Biotechnology: Commercial Physical & Biological Research': 8731,
  'Biotechnology: Laboratory Analytical Instruments': 3826,
  'Biotechnology: Electromedical & Electrotherapeutic Apparatus': 3845,
  'Biotechnology: Medical Laboratories': 8071,
  'Major Pharmaceuticals': 2834,
  'Other Pharmaceuticals': 2834,
  'Medicinal Chemicals and Botanical Products': 2833,
  'Medical/Dental Instruments': 3841,
  'Medical Specialities': 3841,
  'Medical Electronics': 3845,
  'Industrial Specialties': 2890,
  'Ophthalmic Goods': 3851,
  'Hospital/Nursing Management': 8060,
  'Medical/Nursing Services': 8050,
  'Misc Health and Biotechnology Services': 8090,
  'Precision Instruments': 3829,
  'Medical Distributors': 5047,
  // Finance and real estate
  'Major Banks': 6021,
  'Commercial Banks': 6022,
  'Savings Institutions': 6036,
  'Investment Bankers/Brokers/Service': 6211,
  'Investment Managers': 6282,
  'Finance: Consumer Services': 6141,
  'Finance Companies': 6199,
  'Finance/Investors Services': 6199,
  'Diversified Financial Services': 6199,
  'Trusts Except Educational Religious and Charitable': 6199,
  'Property-Casualty Insurers': 6331,
  'Life Insurance': 6311,
  'Accident &Health Insurance': 6321,
  'Specialty Insurers': 6399,
  'Insurance Brokers': 6411,
  'Blank Checks': 6770,
  'Real Estate Investment Trusts': 6798,
  'Real Estate': 6500,
  'Building operators': 6512,
  // Energy and utilities
  'Oil & Gas Production': 1311,
  'Integrated oil Companies': 2911,
  'Oil Refining/Marketing': 2911,
  'Oilfield Services/Equipment': 1389,
  'Oil/Gas Transmission': 4922,
  'Natural Gas Distribution': 4924,
  'Electric Utilities: Central': 4911,
  'Power Generation': 4991,
  'Water Supply': 4941,
  'Coal Mining': 1220,
  'Environmental Services': 4955,
  // Basic materials
  'Precious Metals': 1040,
  'Metal Mining': 1000,
  'Mining & Quarrying of Nonmetallic Minerals (No Fuels)': 1400,
  'Major Chemicals': 2800,
  'Specialty Chemicals': 2890,
  'Agricultural Chemicals': 2870,
  'Steel/Iron Ore': 3310,
  Aluminum: 3350,
  'Forest Products': 2400,
  Paper: 2600,
  'Containers/Packaging': 2650,
  'Paints/Coatings': 2851,
  'Plastic Products': 3089,
  Textiles: 2200,
  'Building Products': 3270,
  'Building Materials': 3270,
  // Consumer
  'Home Furnishings': 2510,
  'Package Goods/Cosmetics': 2840,
  'Packaged Foods': 2000,
  'Meat/Poultry/Fish': 2011,
  'Specialty Foods': 2090,
  'Food Chains': 5411,
  'Food Distributors': 5140,
  'Beverages (Production/Distribution)': 2080,
  'Farming/Seeds/Milling': 100,
  Tobacco: 2111,
  'Consumer Specialties': 3990,
  'Recreational Games/Products/Toys': 3940,
  'Clothing/Shoe/Accessory Stores': 5600,
  Apparel: 2300,
  'Shoe Manufacturing': 3140,
  'Department/Specialty Retail Stores': 5311,
  'Other Specialty Stores': 5940,
  'Catalog/Specialty Distribution': 5961,
  'RETAIL: Building Materials': 5211,
  'Retail-Auto Dealers and Gas Stations': 5500,
  'Auto & Home Supply Stores': 5531,
  'Retail: Drug Stores': 5912,
  Restaurants: 5812,
  'Hotels/Resorts': 7011,
  'Services-Misc. Amusement & Recreation': 7990,
  'Movies/Entertainment': 7812,
  Books: 2731,
  'Newspapers/Magazines': 2711,
  Publishing: 2721,
  'Other Consumer Services': 7200,
  'Educational Services': 8200,
  // Industrials and transportation
  'Industrial Machinery/Components': 3560,
  'Pollution Control Equipment': 3560,
  'Metal Fabrications': 3440,
  'Fluid Controls': 3490,
  'Tools/Hardware': 3420,
  'Ordnance And Accessories': 3480,
  'Military/Government/Technical': 3812,
  Aerospace: 3720,
  'Auto Manufacturing': 3711,
  'Auto Parts:O.E.M.': 3714,
  'Automotive Aftermarket': 3714,
  'Construction/Ag Equipment/Trucks': 3531,
  Homebuilding: 1531,
  'Engineering & Construction': 1600,
  'Water Sewer Pipeline Comm & Power Line Construction': 1623,
  'Marine Transportation': 4400,
  'Trucking Freight/Courier Services': 4213,
  'Air Freight/Delivery Services': 4513,
  'Transportation Services': 4700,
  Railroads: 4011,
  'Rental/Leasing Companies': 7350,
  'Misc Corporate Leasing Services': 7350,
  'Diversified Commercial Services': 7389,
  'Business Services': 7389,
  'Professional Services': 8700,
  Advertising: 7310,
  'Miscellaneous manufacturing industries': 3990,
  'Wholesale Distributors': 5000,
  'Multi-Sector Companies': 9999,
};

/** Nasdaq sector name to the code an unlisted industry of that sector falls back to. */
export const NASDAQ_SECTOR_SIC: Readonly<Record<string, number>> = {
  'Basic Materials': 2800,
  'Consumer Discretionary': 5990,
  'Consumer Staples': 2000,
  Energy: 1311,
  Finance: 6199,
  'Health Care': 8000,
  Industrials: 3560,
  Miscellaneous: 9999,
  'Real Estate': 6500,
  Technology: 7370,
  Telecommunications: 4899,
  Utilities: 4911,
};

/** No sector or industry: the SIC code for nonclassifiable establishments. */
export const UNCLASSIFIED_SIC = 9999;

const lower = (table: Readonly<Record<string, number>>) =>
  new Map(Object.entries(table).map(([name, code]) => [name.trim().toLowerCase(), code]));
const INDUSTRY_BY_NAME = lower(NASDAQ_INDUSTRY_SIC);
const SECTOR_BY_NAME = lower(NASDAQ_SECTOR_SIC);

export interface Classification {
  industry: Industry;
  /** How it was found: the industry's own code, its sector's, or none given. */
  by: 'industry' | 'sector' | 'none';
}

/** The site's industry for a Nasdaq sector and industry. */
export function classifyNasdaq(sector: string, industry: string): Classification {
  const byIndustry = INDUSTRY_BY_NAME.get(industry.trim().toLowerCase());
  if (byIndustry !== undefined) return { industry: industryFor(byIndustry)!, by: 'industry' };
  const bySector = SECTOR_BY_NAME.get(sector.trim().toLowerCase());
  if (bySector !== undefined) return { industry: industryFor(bySector)!, by: 'sector' };
  return { industry: industryFor(UNCLASSIFIED_SIC)!, by: 'none' };
}

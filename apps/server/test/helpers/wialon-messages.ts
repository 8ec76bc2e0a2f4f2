/**
 * Wialon IPS packets as trackers send them (from Traccar's decoder tests, whose expectations these
 * are not: the values asserted are read off the packets by hand), for the decoder's tests and the fuzzer's seeds.
 */
export const WIALON_MESSAGES = {
  loginV2: '#L#2.0;42001300083;;CE45',
  loginV1: '#L#123456789012345;test',
  ping: '#P#',
  shortData: '#SD#270413;205601;5544.6025;N;03739.6834;E;1;2;3;4',
  shortDataOverUdp: '99999999#SD#270413;205601;5544.6025;N;03739.6834;E;1;2;3;4',
  extendedData: '#D#270413;205601;5544.6025;N;03739.6834;E;1;2;3;4;0.0;0;0;14.77,0.02,3.6;NA;count1:1:564,fuel:2:45.8,hw:3:V4.5',
  extendedDataV2:
    '#D#101118;061143;0756.0930;N;12338.6403;E;18.223;99.766;-4.000;10;0.800;NA;NA;NA;NA;101_521347:1:521249,101_521126:1:6593598,101_521127:1:774780,101_521072_21.1:1:0,101_521072_21.2:1:71353;F24A',
  withoutTime: '#D#NA;NA;5429.681944502211763;N;02654.60403650999069;E;NA;NA;NA;NA;NA;NA;NA;1.0;NA;m1:1:9196679,d1:1:15397,t1:1:20,b1:1:162,fuel1:2:21588.0,pv1:2:35.98,finish:1:1;0x9b0',
  withoutLocation: '#D#120319;112003;NA;NA;NA;NA;0.000;NA;NA;0;NA;NA;NA;NA;NA;101_521347:1:521246,101_158:1:510,101_521055:1:510,101_521055_2.9:1:509,101_521056:1:3;626B',
  blackBox:
    '#B#080914;073235;5027.50625;N;03026.19321;E;0.700;0.000;NA;4;NA;NA;NA;;NA;Батарея:3:100 %|080914;073420;5027.50845;N;03026.18854;E;1.996;292.540;NA;4;NA;NA;NA;;NA;Батарея:3:100 %',
  blackBoxWithDriver: '#B#110315;045857;5364.0167;N;06127.8262;E;0;155;965;7;2.40;4;0;14.77,0.02,3.6;AB45DF01145;',
  driverMessage: '#M#Arrived at the depot',
} as const;

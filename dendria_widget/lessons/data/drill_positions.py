"""The positions of the lessons' drills, found by the engine with
``scripts/find_drills.py`` (seeded random games; a position is kept where
the drill's check accepts at most 30% of the mover's whole turns), each
``(position, target, a solution)``, from level 1 (the most turns accepted)
to the last level (the fewest). The comment after each says how many of
its whole turns the check accepted when it was found."""

from ..drills import Found

POSITIONS: dict[str, list[Found]] = {
    "nourish": [   # seeds 1, 3
        ('dendria-classic h4 4/s1S1S/2Sss1/1s3S1/2S3/d2s1/S3 light', 'g1',
         ('plant g2', 'end')),   # 6 of 26 (23%)
        ('dendria-classic h4 4/4s/5s/2SS3/6/4S/s1s1 light', 'g1',
         ('plant d1', 'end')),   # 6 of 32 (19%)
        ('dendria-classic h4 4/S4/3SS1/4s2/6/5/ss2 dark', 'g1',
         ('plant e1', 'end')),   # 4 of 33 (12%)
        ('dendria-classic h4 3S/5/4s1/s1sSs2/SS1s1S/5/1s2 light', 'e4',
         ('plant f4', 'end')),   # 2 of 26 (8%)
        ('dendria-classic h4 S3/S4/3SS1/2s1ss1/6/5/ss2 light', 'd5',
         ('plant e5', 'end')),   # 2 of 30 (7%)
        ('dendria-classic h4 DSS1/4s/s2s1s/D1SS3/3S2/4S/D1s1 dark', 'c4',
         ('plant b4', 'end')),   # 1 of 16 (6%)
        ('dendria-classic h4 4/2s1S/1Ss1S1/1sS4/1Ss1s1/1s3/1SSs dark', 'g2',
         ('plant g1', 'end')),   # 3 of 60 (5%)
        ('dendria-classic h4 3S/1s3/3sSS/4s2/s1S3/s3s/3S light', 'e1',
         ('plant d1', 'end')),   # 1 of 27 (4%)
    ],
    "sprout": [   # seeds 1, 3
        ('dendria-classic h4 4/4s/s4s/S1SS3/6/4S/D1s1 light', 'd1',
         ('plant a1', 'sprout d1', 'end')),   # 24 of 91 (26%)
        ('dendria-classic h4 sSS1/5/s5/4S1S/s5/ss3/4 light', 'a2',
         ('plant b2', 'sprout a2', 'end')),   # 9 of 42 (21%)
        ('dendria-classic h4 4/s3S/4s1/1s3S1/2S3/d4/S3 light', 'g1',
         ('plant g2', 'sprout g1', 'end')),   # 3 of 32 (9%)
        ('dendria-classic h4 4/2s2/SS4/s5s/3Ss1/1sS2/2S1 dark', 'c1',
         ('plant a1', 'sprout c1', 'end')),   # 2 of 30 (7%)
        ('dendria-classic h4 SS1s/3s1/1S4/3S1S1/Sss3/ssSs1/2s1 light', 'a1',
         ('plant b1', 'sprout a1', 'end')),   # 2 of 34 (6%)
        ('dendria-classic h4 SS1s/3s1/1S4/3S1S1/SsDS2/ssSs1/2s1 dark', 'f3',
         ('plant g2', 'sprout f3', 'end')),   # 1 of 23 (4%)
        ('dendria-classic h4 sSS1/3S1/s2s2/4S1S/s5/ss3/4 light', 'a2',
         ('plant b2', 'sprout a1', 'sprout a2', 'end')),   # 1 of 34 (3%)
        ('dendria-classic h4 dSS1/2SS1/s1ds2/2S1S1S/s2s2/ss2S/4 dark', 'f1',
         ('plant g1', 'sprout f1', 'end')),   # 1 of 109 (1%)
    ],
    "sprout-theirs": [   # seed 1, --games 30
        ('dendria-classic h4 s3/5/6/S6/1s3S/4s/S3 dark', 'd1',
         ('plant d2', 'sprout d1', 'end')),   # 6 of 36 (17%)
        ('dendria-classic h4 SS1s/3s1/1S4/3S3/Sss3/ssS2/2s1 light', 'a4',
         ('plant b5', 'sprout a4', 'end')),   # 3 of 36 (8%)
        ('dendria-classic h4 4/3S1/1ss2S/4sS1/ss1S1S/1S3/1s2 dark', 'e4',
         ('plant f4', 'sprout e4', 'end')),   # 1 of 24 (4%)
    ],
    "unfertilize": [   # seeds 1, 3
        ('dendria-classic h4 2S1/3s1/ss2ss/5S1/S3S1/1s2S/ddds light', 'd5',
         ('plant e4', 'end')),   # 2 of 21 (10%)
        ('dendria-classic h4 2s1/2s2/SS1S2/5DT/S2Ss1/1sSss/2S1 dark', 'b4',
         ('plant c5', 'end')),   # 1 of 16 (6%)
        ('dendria-classic h4 DS2/4s/s4s/D1SS3/3S2/4S/D1s1 dark', 'c3',
         ('plant b2', 'end')),   # 1 of 19 (5%)
        ('dendria-classic h4 4/2s2/SS1S2/D5s/S2Ss1/1sSss/2S1 dark', 'd4',
         ('plant d3', 'end')),   # 1 of 23 (4%)
        ('dendria-classic h4 4/4s/s4s/D1SS3/3S2/4S/D1s1 dark', 'e3',
         ('plant f2', 'end')),   # 1 of 24 (4%)
        ('dendria-classic h4 s1dS/1s3/1S4/2s2s1/s1S3/5/dsSS light', 'c3',
         ('plant b3', 'end')),   # 1 of 28 (4%)
        ('dendria-classic h4 4/s1S1S/3ss1/1s3S1/2S3/d4/S3 light', 'c3',
         ('plant e2', 'end')),   # 1 of 29 (3%)
        ('dendria-classic h4 SS2/5/6/1S1sss1/1s2sS/1S2s/s2d light', 'e4',
         ('plant f4', 'end')),   # 1 of 33 (3%)
    ],
    "first-seed": [   # new games: the corners, 6 of the board's cells
        ('dendria-classic h4', 'board', ('plant a1', 'end')),   # 6 of 37 (16%)
        ('dendria-classic h5', 'board', ('plant e9', 'end')),   # 6 of 61 (10%)
        ('dendria-classic h6', 'board', ('plant k6', 'end')),   # 6 of 91 (7%)
    ],
    "grow": [   # targeted search: seeded random games and changed copies (seeds 1, 2)
        ('dendria-classic h4 1sSs/s1S2/2S1S1/1sSss1d/S2S2/3ss/D1S1 dark', 'a4',
         ('plant b4', 'sprout b3', 'grow b4', 'end')),   # 4 of 78 (5%)
        ('dendria-classic h4 4/s4/1SSs2/1ssss1s/S2DS1/d1S1S/2sD dark', 'g3',
         ('plant g2', 'sprout f3', 'grow g2', 'end')),   # 2 of 48 (4%)
        ('dendria-classic h4 S3/1s2s/s1d1s1/sS4D/2sSSS/3S1/3s dark', 'b2',
         ('plant a2', 'sprout a1', 'grow a2', 'end')),   # 2 of 54 (4%)
        ('dendria-classic h4 2s1/2S2/6/1S5/1dssS1/5/s2S dark', 'g1',
         ('plant f1', 'grow f1', 'end')),   # 1 of 51 (2%)
        ('dendria-classic h4 4/s4/2Ss2/1d4s/S2S2/5/4 dark', 'b1',
         ('plant a1', 'grow a1', 'end')),   # 1 of 82 (1%)
    ],
    "grow-move": [   # seed 1, --games 15 (solutions of one slide: Kind.fits)
        ('dendria-classic h4 D1DS/1SS1S/Ss1DS1/3Sss1/s1d2S/dssss/1sS1 dark', 'e1',
         ('move e3', 'slide d3', 'grow e1', 'end')),   # 90 of 300 (30%)
        ('dendria-classic h4 1Ss1/2s1S/s2s1S/1S3sS/s2SS1/sS1s1/d1s1 dark', 'a2',
         ('move g1', 'slide d4', 'grow a2', 'end')),   # 12 of 82 (15%)
        ('dendria-classic h4 1Ss1/2sdS/sSSD1D/1S1D1sS/s1DDS1/dSss1/2s1 dark', 'd7',
         ('move f1', 'slide f5', 'grow d7', 'end')),   # 2 of 38 (5%)
        ('dendria-classic h4 1Ss1/2s1S/sS1s1S/1S1s1sS/s1SSS1/dSss1/d1s1 dark', 'e1',
         ('move g1', 'slide d1', 'grow e1', 'end')),   # 3 of 93 (3%)
        ('dendria-classic h4 2ss/SSSS1/1ss3/sS2sS1/2sS2/S1ds1/1sdS dark', 'e3',
         ('move g3', 'slide d3', 'grow e3', 'end')),   # 1 of 95 (1%)
    ],
    "seal": [   # seed 1, --mutate 3, --games 15
        ('dendria-classic h4 DTT1/2TDs/D2TDs/DsSD1S1/2tS1s/sSssS/1ss1 dark', 'e3',
         ('plant e2', 'end')),   # 4 of 17 (24%)
        ('dendria-classic h4 S2s/1s3/1S1SSs/Ss2s2/Ts2S1/2ssS/1sS1 light', 'e1',
         ('plant f1', 'end')),   # 6 of 67 (9%)
        ('dendria-classic h4 1ss1/1S1S1/4ST/s4Ss/sss1s1/2SS1/3S light', 'c6',
         ('plant b5', 'end')),   # 2 of 33 (6%)
        ('dendria-classic h4 4/S4/3sS1/4s2/sss1SS/T4/dS2 light', 'f1',
         ('plant f2', 'end')),   # 1 of 25 (4%)
        ('dendria-classic h4 DDS1/SS1ss/1s1d1s/1S1Ds2/1S1STS/1ssss/d1S1 light', 'e5',
         ('plant d6', 'end')),   # 6 of 236 (3%)
    ],
    "capture": [   # seeds 1, 4
        ('dendria-classic h4 1STd/Ss2S/s1SD1S/1ss1DS1/1SDSSs/SS1s1/s1ds dark', 'a3',
         ('move a4', 'slide b4', 'capture a3', 'end')),   # 12 of 43 (28%)
        ('dendria-classic h4 1SDd/SSDtD/s1D1DS/1Ss2S1/s1d1Ss/ssdSs/1ss1 light', 'b4',
         ('move b3', 'slide c4', 'capture b4', 'end')),   # 53 of 247 (21%)
        ('dendria-classic h4 1ss1/sSdsS/sDD2s/2Sd1s1/SSd1SS/DT1DD/DDT1 dark', 'f2',
         ('move e3', 'slide e4', 'capture f2', 'end')),   # 12 of 83 (14%)
        ('dendria-classic h4 S3/ssSS1/1sS1SS/dsdDs2/1s1sDS/s1s1D/TsT1 dark', 'g1',
         ('move d3', 'slide e3', 'capture g1', 'end')),   # 20 of 192 (10%)
    ],
    "journey": [   # seeds 1
        ('dendria-classic h4 2S1/s3S/d2s1S/S2sSS1/3s1s/1ss2/1sS1 dark', 'd4',
         ('move c1', 'slide a1', 'sprout d4', 'end')),   # 13 of 62 (21%)
        ('dendria-classic h4 DSS1/D3s/s2s1s/2SSs2/3S2/1s2S/D1s1 light', 'g3',
         ('move a1', 'slide g4', 'sprout g3', 'end')),   # 12 of 220 (5%)
        ('dendria-classic h4 2S1/3S1/2s2s/S2s3/s4s/s1SSS/1s1d dark', 'f1',
         ('move g4', 'slide g1', 'sprout f1', 'end')),   # 2 of 56 (4%)
        ('dendria-classic h4 1Ss1/2s1S/s2s1S/1S1s1sS/s1SSS1/dS1s1/d1s1 dark', 'e1',
         ('move f1', 'slide d1', 'sprout d2', 'sprout e1', 'end')),   # 2 of 92 (2%)
        ('dendria-classic h4 d1S1/3S1/2s2s/d2s3/s2S1s/s1SSS/1s2 dark', 'f1',
         ('move d1', 'slide g1', 'sprout f1', 'end')),   # 1 of 199 (1%)
    ],
    "chain": [   # seed 1, --games 30
        ('dendria-classic h4 2S1/s3S/d2s1S/S2sSS1/3s1s/1ss2/1sS1 dark', 'b1',
         ('move c1', 'slide c3', 'sprout d4', 'grow b1', 'end')),   # 6 of 62 (10%)
        ('dendria-classic h4 1Ss1/2sdS/sSSD1D/1S1D1sS/s1DDS1/dSss1/2s1 dark', 'b5',
         ('move b4', 'slide a4', 'sprout a3', 'grow b5', 'end')),   # 2 of 38 (5%)
        ('dendria-classic h4 1Ss1/2s1S/s2s1S/1S1s1sS/s1SSS1/dS1s1/d1s1 dark', 'e1',
         ('move f1', 'slide d1', 'sprout d2', 'grow e1', 'end')),   # 2 of 92 (2%)
    ],
    "limit": [   # seed 1, --mutate 3, --max-turns 120
        ('dendria-classic h4 s3/st1sS/2ss1s/2sS2S/S1D1S1/SsS2/1sS1 dark dendrid_move_limit=1', 'board',
         ('move e3', 'slide e4', 'grow f3', 'end')),   # 29 of 106 (27%)
        ('dendria-classic h4 sS2/s2sS/s1ss1s/2sS2d/SSD1Ss/SsS1d/1sS1 dark dendrid_move_limit=1', 'board',
         ('move e3', 'slide e4', 'grow d4', 'end')),   # 7 of 36 (19%)
        ('dendria-classic h4 dds1/Dd1s1/s2sdt/1SDt2d/S1DDSd/Ss1Ss/1sS1 dark dendrid_move_limit=1', 'board',
         ('move e3', 'slide g1', 'grow f2', 'end')),   # 11 of 83 (13%)
        ('dendria-classic h4 s3/s2s1/5s/2sS2S/S1D1S1/SsS2/1s2 dark dendrid_move_limit=1', 'board',
         ('move e3', 'slide c2', 'grow a1', 'end')),   # 3 of 41 (7%)
        ('dendria-classic h4 s3/s2s1/5s/2sS3/S1D1S1/SsS2/1s2 dark dendrid_move_limit=1', 'board',
         ('move e3', 'slide c2', 'grow a1', 'end')),   # 1 of 37 (3%)
    ],
    "lead": [   # seed 1, --mutate 3, --max-turns 120
        ('dendria-classic h4 s3/s2s1/3s1s/2sS2S/S1D1S1/SsS2/dsS1 dark', 'board',
         ('move g1', 'slide g4', 'grow f3', 'end')),   # 22 of 81 (27%)
        ('dendria-classic h4 1sS1/2SsS/2sS1S/sS1d1s1/1sSssS/1S3/s3 dark', 'board',
         ('move d4', 'slide a1', 'grow a2', 'end')),   # 13 of 73 (18%)
        ('dendria-classic h4 1sS1/2SsS/2sS1S/sSsd1s1/1sSssS/1S3/s3 dark', 'board',
         ('move d4', 'slide a1', 'grow a2', 'end')),   # 13 of 88 (15%)
        ('dendria-classic h4 s3/s2sS/s1ss1s/2sS2d/SSD1Ss/SsS2/1sS1 light', 'board',
         ('move e3', 'slide e4', 'grow d4', 'end')),   # 3 of 33 (9%)
        ('dendria-classic h4 s3/s2s1/3s1s/2sS2S/S1D1S1/SsSD1/1sS1 dark', 'board',
         ('plant e4', 'sprout d4', 'grow e4', 'end')),   # 1 of 28 (4%)
    ],
    "power": [   # seed 1, --max-turns 120
        ('dendria-sprites h4 1s1S/2s1S/1sS1s1/1S1SdsS/1sss2/S3s/S3 dark komi=4', 'd5',
         ('move d5', 'slide d1', 'end')),   # 7 of 26 (27%)
        ('dendria-sprites h4 1ss1/S2sS/1SSs1s/Sss2S1/s1SD1S/1sSS1/s3 light komi=16', 'e4',
         ('move e4', 'slide a1', 'end')),   # 6 of 27 (22%)
        ('dendria-sprites h4 S3/4s/s1s1S1/1sS1s1s/sS1SS1/1sSDS/2sS light komi=8', 'f4',
         ('move f4', 'slide c6', 'end')),   # 10 of 65 (15%)
        ('dendria-sprites h4 1sS1/2sSS/Ss1S2/1s1S1s1/s1d1S1/sdSS1/ts2 dark komi=18', 'f2',
         ('move f2', 'slide a4', 'end')),   # 2 of 28 (7%)
        ('dendria-sprites h4 1sss/2SdS/1SsdsS/1S3sS/S3s1/1SssS/ss2 dark komi=12', 'c4',
         ('move c4', 'slide c1', 'end')),   # 2 of 77 (3%)
    ],
    "sprout-first": [   # seed 1, --games 20
        ('dendria-sprites h4 1sss/2SSS/2sds1/1S3sS/S3s1/1SssS/4 dark komi=12', 'b4',
         ('move c4', 'sprout b4', 'slide c1', 'end')),   # 14 of 57 (25%)
        ('dendria-sprites h4 1sss/2SSS/1Ssds1/1S3sS/S3s1/1SssS/s3 dark komi=12', 'b4',
         ('move c4', 'sprout b4', 'slide c1', 'end')),   # 5 of 33 (15%)
        ('dendria-sprites h4 1s1S/1Ss1S/ssS1s1/1S1SdsS/1sss2/S3s/S3 dark komi=4', 'c3',
         ('move d5', 'sprout c3', 'grow d4', 'slide f3', 'end')),   # 5 of 69 (7%)
        ('dendria-sprites h4 1s1S/1Ss1S/ssS1s1/sS1SdsS/1sss2/S3s/SS2 dark komi=4', 'c3',
         ('move d5', 'sprout c3', 'grow d4', 'slide f3', 'end')),   # 2 of 45 (4%)
    ],
    "sow-next": [   # seed 1, --mutate 3
        ('dendria-sprites h4 4/2S1s/4S1/1s5/6/D2sS/2s1 light komi=8', 'f1',
         ('plant e1', 'end')),   # 4 of 30 (13%)
        ('dendria-sprites h4 2SS/2s2/s1D2s/Sss4/S1s3/2S2/S2s light komi=34', 'c3',
         ('plant b2', 'end')),   # 4 of 54 (7%)
        ('dendria-sprites h4 D1SS/2s2/s4s/Sss4/S1s3/2S2/S2s light komi=34', 'a1',
         ('plant a2', 'end')),   # 3 of 49 (6%)
        ('dendria-sprites h4 s3/2S1s/4S1/1s4s/1D4/1SSsS/Sss1 light komi=8', 'e2',
         ('plant d3', 'end')),   # 2 of 77 (3%)
        ('dendria-sprites h4 2SS/1ss1s/sS1D1s/SDs3s/S1s3/s1SSS/SS1s light komi=34', 'c4',
         ('plant c5', 'end')),   # 1 of 173 (1%)
    ],
    "sprite-capture": [   # seeds 1, 2
        ('dendria-sprites h4 3s/SsssS/s1d1s1/s3d1s/SD2SS/SS2s/1S1S light komi=16', 'c3',
         ('move e2', 'slide c3', 'grow f5', 'end')),   # 4 of 17 (24%)
        ('dendria-sprites h4 1sS1/2s1S/Ss1S2/1s3s1/sdD1S1/ssSS1/Ss2 light komi=18', 'e2',
         ('move e3', 'slide e2', 'end')),   # 3 of 48 (6%)
        ('dendria-sprites h4 1sS1/2sSS/Ss1S2/1s3s1/sdD1S1/ssSS1/Ss2 dark komi=18', 'e3',
         ('move e2', 'slide e3', 'sprout f2', 'grow g1', 'end')),   # 1 of 17 (6%)
    ],
    "protect": [   # seed 2, --mutate 3, --games 25
        ('dendria-sprites h4 SSsS/SDd1s/1sd2s/ssS2dS/S1STds/1s1dS/sSsS light komi=2', 'e4',
         ('move b2', 'slide b3', 'sprout e3', 'grow a3', 'end')),   # 31 of 106 (29%)
        ('dendria-sprites h4 Sttt/sS2d/SS1dt1/S2DdSS/S1d1s1/T1TSs/TTS1 light komi=23', 'f1',
         ('move d4', 'slide e3', 'end')),   # 13 of 67 (19%)
        ('dendria-sprites h4 sS2/1sSsS/Ss2sS/ssdd2s/1T2S1/1dsSs/Ds1S light komi=2', 'e2',
         ('plant e6', 'sprout e5', 'end')),   # 1 of 8 (12%)
        ('dendria-sprites h4 Ss2/S1s1s/2S3/ss1SSss/SS2S1/Ts2s/4 light komi=8', 'f1',
         ('plant g1', 'sprout e2', 'end')),   # 1 of 35 (3%)
        ('dendria-sprites h4 ss1s/3Ss/s2dSt/S2s3/SS1S1s/1S2s/S2S dark komi=16', 'c6',
         ('plant d7', 'sprout c5', 'end')),   # 1 of 80 (1%)
    ],
    "leafy-lead": [   # seed 1, --games 12
        ('dendria-sprites h4 s1s1/3SS/1S2DS/s3Sds/ss2sS/SD1sS/SS1s dark komi=19', 'board',
         ('move d6', 'grow d7', 'grow e6', 'slide d3', 'sprout e5', 'grow f4', 'grow f1', 'end')),   # 38 of 292 (13%)
        ('dendria-sprites h4 sS1S/SS1Ss/s1S1s1/1SDDSss/Ss2s1/s1Sds/S1ss dark komi=5', 'board',
         ('move f4', 'slide f2', 'grow e2', 'grow g1', 'end')),   # 1 of 20 (5%)
        ('dendria-sprites h4 1sS1/ssS1S/sddssS/1S3ss/Ss1ds1/Ssd1S/1sSS dark komi=14', 'board',
         ('move e4', 'slide e6', 'sprout b3', 'grow c4', 'end')),   # 4 of 83 (5%)
        ('dendria-sprites h4 sss1/2SSS/sS1D1S/s3dds/sDD1dS/TD1sS/TTTs dark komi=19', 'board',
         ('move d5', 'slide f3', 'sprout f4', 'grow g4', 'grow e6', 'capture f1', 'end')),   # 4 of 299 (1%)
        ('dendria-sprites h4 SS1d/1sS1S/tSDS2/t1d1SsS/t2D1S/t1s1s/stsS dark komi=37', 'board',
         ('move d3', 'slide b1', 'sprout c2', 'sprout f3', 'grow b2', 'grow g1', 'grow g3', 'grow g4', 'end')),   # 1 of 220 (0%)
    ],
    "sprites-capture": [   # seeds 1, 2
        ('dendria-sprites h4 1stt/ss1Dt/S1d2s/1SDD1s1/s2DdS/S2ss/SSS1 light komi=5', 'a3',
         ('move b4', 'slide b3', 'capture a3', 'end')),   # 13 of 89 (15%)
        ('dendria-sprites h4 1stt/ss1Dt/S1d2T/1S1D1TD/s2DdS/S2ss/SSS1 dark komi=5', 'c6',
         ('move e5', 'slide e4', 'capture c6', 'end')),   # 2 of 19 (11%)
        ('dendria-sprites h4 s1SS/sSS1s/sS1D1t/s1S1d1s/d1ss1s/1S1ss/s2S light komi=12', 'c6',
         ('move c4', 'slide d5', 'capture c6', 'end')),   # 2 of 23 (9%)
        ('dendria-sprites h4 sss1/2SSS/sS1D1S/s3dds/sDD1dS/TD1sS/TTTs dark komi=19', 'f1',
         ('move d5', 'slide f3', 'sprout f4', 'capture f1', 'end')),   # 16 of 299 (5%)
    ],
    "enclosed-capture": [   # seeds 3 and 2, --mutate 6, --games 40, --max-turns 200
        ('dendria-sprites h4 s1S1/SSS2/1sTss1/s1ds1SS/1ss1Ss/sSS1S/2s1 dark komi=9', 'c3',
         ('move d3', 'slide d2', 'capture c3', 'end')),   # 25 of 90 (28%)
        ('dendria-sprites h4 tSS1/dd1sS/Dsdd1S/SS1ddds/1sSdss/s2S1/1sS1 light komi=15', 'a1',
         ('move c1', 'slide b1', 'capture a1', 'end')),   # 1 of 7 (14%)
        ('dendria-sprites h4 1ssT/Ss1Ds/1s2dS/Ss1ssS1/S3Ss/1sS2/S1sS dark komi=29', 'a4',
         ('move c5', 'slide b4', 'capture a4', 'end')),   # 6 of 111 (5%)
    ],
    "edge-sow": [   # seed 1, --games 20
        ('dendria-sprites h4 S3/ds2S/s1sS2/s1d1SsS/s2S1S/S1s1s/sSsS light komi=37', 'board',
         ('plant a4', 'end')),   # 2 of 7 (29%)
        ('dendria-sprites h4 S3/4s/s1s1S1/1sS1s1s/sS1SS1/1sSDS/2sS light komi=8', 'board',
         ('plant a4', 'end')),   # 10 of 65 (15%)
        ('dendria-sprites h4 4/1s3/s1sS2/2s1S2/2SS2/S1s1s/sS2 light komi=37', 'board',
         ('plant d1', 'end')),   # 2 of 22 (9%)
        ('dendria-sprites h4 4/5/2sS2/2s1S2/2SS2/S1s1s/s3 dark komi=37', 'board',
         ('plant g4', 'end')),   # 1 of 28 (4%)
    ],
    "lagoon-power": [   # the atoll-7 board, seeds 3 and 2, --games 40, --max-turns 150
        ('dendria-sprites m-3,2;-2,-1;-1,3;1,-3;1,4;2,1;3,-2 2/s1S2/4ss1/4s/SSSS/sd1s1/2S3s/s3s2/sSSS1/2 dark komi=5', 'f2',
         ('move f2', 'slide c1', 'end')),   # 26 of 87 (30%)
        ('dendria-sprites m-3,2;-2,-1;-1,3;1,-3;1,4;2,1;3,-2 2/S3s/S2sSS1/2s2/1s2/3s1/2ss2S/1s2DDS/1SSS1/2 light komi=47', 'h5',
         ('move h5', 'slide e4', 'end')),   # 17 of 77 (22%)
        ('dendria-sprites m-3,2;-2,-1;-1,3;1,-3;1,4;2,1;3,-2 2/3S1/S4s1/S4/4/ss3/s1d1S2/1s1s3/sS2S/2 dark komi=45', 'g3',
         ('move g3', 'slide g7', 'end')),   # 5 of 40 (12%)
        ('dendria-sprites m-3,2;-2,-1;-1,3;1,-3;1,4;2,1;3,-2 2/S2s1/s3S2/SS2s/s3/1SS1s/s1d3s/1ss1SsS/2S2/2 dark komi=3', 'g3',
         ('move g3', 'slide i1', 'end')),   # 1 of 42 (2%)
    ],
    "height": [   # seeds 1, 3
        ('hedu h4 w1b12/4w2/w22b1b21/1w23w21/b23b21/w11w11b2/1w1b11 black prisoners=0,1', 'board',
         ('place b3',)),   # 5 of 22 (23%)
        ('hedu h4 1b1b11/5/5w1/b13w1w11/4b11/w12w11/1b12 black prisoners=0,0', 'board',
         ('place e6',)),   # 6 of 28 (21%)
        ('hedu h4 1b1b11/5/5w2/b13w1w21/4b21/w12w1b2/1b12 white prisoners=0,0', 'board',
         ('place f2',)),   # 3 of 27 (11%)
        ('hedu h4 b1b1w1b1/w12b11/6/w12b13/2w1b12/w1w13/4 black prisoners=0,0', 'board',
         ('place c4',)),   # 2 of 26 (8%)
        ('hedu h4 w12w1/w12b1b1/w15/b12b1b11b1/1b1w1w12/4w1/w11b11 black prisoners=0,0', 'board',
         ('place f4',)),   # 1 of 22 (5%)
        ('hedu h4 w13/w13b1/6/b13w12/b12w12/4b1/b11w11 black prisoners=0,0', 'board',
         ('place f4',)),   # 1 of 28 (4%)
        ('hedu h4 1b1b11/5/6/4w1w11/4b11/w12w11/1b12 black prisoners=0,0', 'board',
         ('place f2',)),   # 1 of 30 (3%)
        ('hedu h4 4/5/6/7/3w12/2b12/1b11w1 black prisoners=0,0', 'board',
         ('place f4',)),   # 1 of 34 (3%)
    ],
    "prisoner": [   # seeds 2
        ('hedu h4 b23/1w21b2b2/w2w2w1w21w2/2b1b1w2b21/1b1w21w21/2w2b2w2/b1b1b11 black prisoners=0,1', 'board',
         ('place b3',)),   # 3 of 12 (25%)
        ('hedu h4 4/3w11/w1b14/b12b2b21b1/w1b1w21b21/w1w1w2w2b2/4 white prisoners=0,1', 'board',
         ('place d2',)),   # 3 of 21 (14%)
        ('hedu h4 4/3w11/w1b14/b12b1b11b1/w1b1w1b1b11/w1w11w11/4 white prisoners=0,0', 'board',
         ('place d2',)),   # 2 of 23 (9%)
        ('hedu h4 1b21b2/2w2b21/b11b1w1b21/5b3b2/b1w11w2w31/w11w21w2/w1b21w1 black prisoners=0,0', 'board',
         ('place f4',)),   # 1 of 16 (6%)
        ('hedu h4 1b21b2/2w2b21/b11b1w1b11/7/b1w11w1w11/w11w12/1b12 white prisoners=0,0', 'board',
         ('place b5',)),   # 1 of 22 (5%)
        ('hedu h4 4/5/1b14/7/w1b11b1b11/w1w11w11/4 black prisoners=0,0', 'board',
         ('place g1',)),   # 1 of 30 (3%)
    ],
    "no-room": [   # seed 1, --games 20
        ('hedu h4 b1b1w1b1/w12b11/6/w12b11b11/2w1b12/w1w13/4 white prisoners=0,0', 'board',
         ('place b2',)),   # 4 of 25 (16%)
        ('hedu h4 1b12/4w1/w12b12/b1w13w11/4b11/2w11b1/1w1b11 black prisoners=0,0', 'board',
         ('place d7',)),   # 3 of 26 (12%)
        ('hedu h4 w12w1/w12b1b1/w15/b12b1b12/1b11w12/4w1/w11b11 black prisoners=0,0', 'board',
         ('place a3',)),   # 2 of 24 (8%)
        ('hedu h4 1b12/4w1/w12b12/b1w15/4b11/2w12/1w1b11 black prisoners=0,0', 'board',
         ('place e1',)),   # 1 of 28 (4%)
    ],
    "control": [   # seed 1, --games 15
        ('hedu h4 w1b1w1b1/5/6/2w1b13/6/b14/4 white prisoners=0,0', 'board',
         ('place b1',)),   # 9 of 31 (29%)
        ('hedu h4 w1b1w1b1/b14/3b2w2w2/2w2b31b11/b1w21w22/b1b2w32/2w21 black prisoners=0,0', 'board',
         ('place b3',)),   # 2 of 19 (11%)
        ('hedu h4 w1b1w1b1/b14/b12b2w2w2/b11w2b31b11/b2w31w22/1b3w32/w21w21 white prisoners=0,1', 'board',
         ('place c2',)),   # 1 of 15 (7%)
        ('hedu h4 w12w1/w12b1b1/w15/b12b1b11b1/1b11w12/4w1/w11b11 white prisoners=0,0', 'board',
         ('place f4',)),   # 1 of 23 (4%)
        ('hedu h4 4/w13b1/w15/3b1b12/6/4w1/2b11 white prisoners=0,0', 'board',
         ('place f4',)),   # 1 of 31 (3%)
    ],
    "value": [   # seed 3, --games 30
        ('hedu h4 w13/w13b1/w1b1b13/b13w12/b11w1w2w2b1/1b2w21b1/b21w2b1 white prisoners=1,1', 'board',
         ('place b2',)),   # 5 of 17 (29%)
        ('hedu h4 w11b11/1b13/b13w1w1/7/w12b12/1b13/1w12 black prisoners=0,0', 'board',
         ('place b3',)),   # 5 of 28 (18%)
        ('hedu h4 w13/w13b1/w1b1b13/b13w12/b11w1w2w21/1b2w21b2/b21w2b1 black prisoners=1,0', 'board',
         ('place d4',)),   # 2 of 18 (11%)
        ('hedu h4 w1w1b11/1b13/b13w1w1/b14w1w1/w2b2w1b12/1b1b1b11/b1w12 white prisoners=0,1', 'board',
         ('place d2',)),   # 1 of 18 (6%)
        ('hedu h4 w13/1b13/b13w11/7/3b12/1b13/1w12 white prisoners=0,0', 'board',
         ('place f1',)),   # 1 of 31 (3%)
    ],
    "score": [   # seed 2, --games 30
        ('hedu h4 1b21b2/2w2b21/b11b1w1b11/7/b1w11w1w11/w11w12/1b11w1 black prisoners=0,0', 'board',
         ('place c2',)),   # 6 of 21 (29%)
        ('hedu h4 b23/1w21b2b2/w2w2w1w21w2/2b1b11b21/1b1w21w21/2w2b2w2/b1b1b11 white prisoners=0,1', 'board',
         ('place b3',)),   # 2 of 15 (13%)
        ('hedu h4 1b21b2/2w2b21/b11b11b11/7/1w11w1w11/w14/4 white prisoners=0,0', 'board',
         ('place c2',)),   # 2 of 26 (8%)
        ('hedu h4 b23/1w21b2b2/w2w2w1w22/2b1b11b11/1b1w21w11/2w2b2w2/b13 black prisoners=0,0', 'board',
         ('place a3',)),   # 1 of 19 (5%)
        ('hedu h4 3b1/2w1b11/b11b11b11/7/1w11w1w11/5/4 white prisoners=0,0', 'board',
         ('place a2',)),   # 1 of 29 (3%)
    ],
}


def drill(name: str) -> list:
    """The exercises of the drill ``name`` (its found positions, by level)."""
    from ..drills import drill as make

    return make(name, POSITIONS[name])

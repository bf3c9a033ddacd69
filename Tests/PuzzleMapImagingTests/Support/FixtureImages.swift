import Foundation

/// Tiny pictures of one QR code ("PUZZLE-MAP-42", 87x87 px, 3 px per module), made once with
/// `qrencode -s 3 -m 4 -l M` and the Debian encoders named beside each, kept inline so the test
/// target needs no resource files.
enum FixtureImages {
    /// The text every fixture's QR code holds.
    static let text = "PUZZLE-MAP-42"

    /// cjpeg -quality 75 -grayscale
    static let grayBaselineJPEG = decode([
        "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcp",
        "LDAxNDQ0Hyc5PTgyPC4zNDL/wAALCABXAFcBAREA/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgED",
        "AwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RF",
        "RkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJ",
        "ytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/9oACAEBAAA/APf6KKKKKKKKKKK4P4jfEabwHcaNb2+hSatPqjyJHHHO",
        "Y2DKUAAARixJfGPbvmub/wCFv+MP+iTa5+c3/wAYqvffG7xJplnJeX/wx1W0tY8b5p5pI0XJAGWMGBkkD8a2PGHxg/4RTw94",
        "Y1b+wvtX9uWn2nyvtezyPkjbbnYd3+sxnA6e9Hg74wf8JFL5+s6F/wAI/pDxM0GqXl3iCaQMF8tXZFUt984BJ+RuODjpPEvj",
        "3TdG8Eah4n0uS01mCydEZbW7UqWZ0XBdQwBAcHGPT1rh4PjN4qureK4t/hXrM0EqB45I3lZXUjIIIgwQRzmpP+Fv+MP+iTa5",
        "+c3/AMYrsPhx46/4WB4euNW/s77B5N21t5Xn+bnCI27O1f7+MY7V2FFeP/F//kofwx/7Cp/9G29ch8Uvil4y8OfEfVtJ0nWf",
        "s9jB5PlxfZYX27oUY8shJ5JPJqw3inWfF37N/ii/1y8+13UeoRQq/lJHhBJbkDCADqx/OtfxL8ONY+IHw88Af2Tc2MP2HSk8",
        "z7W7rnfFDjG1W/uHrjtWRcfBr4k3fhe08NT69ob6RaSmaC33ONjksSdwh3H77dT3+lW9UvfCl9+zv4ml8H6Zd6fp4vYlkium",
        "LMZfMt8sMu/G0qOvY8esfjnxt4i8HfDz4d/2BqH2P7VpS+d+5jk3bYoNv31OMbm6etWPgp8RPFXi7xleWGuar9rtY9PeZU+z",
        "xR4cSRgHKKD0Y/nWx+zj/wAk81D/ALCsn/oqKvYKK8X+N19b6Z4y+HV/eSeXa2uoPNM+0naiyW5Y4HJwAelYHilvgx4u8R3e",
        "uX/i7VY7q62b0gt5Ag2oqDAMBPRR3qnrmufDvRvg/rfhbwtr93fT3txHcIl1BIGLCSLcA3lqoAWPPPvXV6voPg7xF4N+G9h4",
        "o1W+srqbT4YdPS0H+ud44AQT5bAc7OuOp/DPt9e8Y+EfFF38N/AmlWOqWukRCaNr84mKSBZGLN5kanDzYGAOMdcE1zHh7/k1",
        "7xZ/2FY//QrWti+1j4WeLvBvhSw8Q+Jr60utI09ISlpbyDDmOMOCTCwODH29+tW/BWqfB7wHrM2qaX4s1KaeW3a3Zbq3kZQp",
        "ZWyNsCnOUHf1rc/Zx/5J5qH/AGFZP/RUVewUVxfjeaH+2fDtlceCI/EcF5cNFJcyW4lXT1LRgucxsACDnqv3Ovpn+NdI0Hwv",
        "o0N7pfwz03XZ3uFia2tdPTcilWO87YmOAVA6fxDmvONN8dabrNu1xpfwLtL6BXKNJa2yyqGwDglbcjOCDj3Fa7fFOGPWfDtl",
        "4j+GMejwLcRxWVzqJEa2a7kBePfCAoQbCcEYwORxXYa/pWg+O3ZfCXizTdN14uJbjUNJkSS6lhVdpR2jdXKZMfU4yq8dMeSf",
        "B3x1o9hanwXr+nWMmmahdyXM15fzoIY8RKVVkddp+aJcEsOWHpz6n4ktvCuiXGhPZfD3RtT0vUXzc6lDZxeRZQ5T987CNl2b",
        "XLZJUYQ89xx/i3xj4V8N38ptPhZo2p6LvVLfWIoohb3DFMkI4hZSQQ6kBjyh9CB6Z8OL77f4euJf+EN/4RTF2y/YfJ8vzPkT",
        "95jYnXO3OP4evp2FFcf46+I+j/D/AOwf2tbX0327zPL+yIjY2bc53Mv98dM968s8a/EDxwmjQ+N/D+tx2nhfUbhbezs5baJr",
        "iNlVgxcFGGC0UhHzngjp0Fvw3b67rmnSXPwfvYPD3h5ZTHcWmpgPI90ACzglZflKGIfeHKnjucy0jvvG+jePovHU0eq6h4Ut",
        "5lsZYx5Swy7Zt7Dywm8FoUPzg9Ogya4f4TeNdN8B+KrrVNUgu5oJbJ7dVtUVmDF0bJ3MoxhD39K9fvfgNo7+PNOu7SxtI/C6",
        "W5W8smu5/NklxJhlPJxkx/xD7p49afizW9R17w9rmgeBrj+zNM8K2lxZavBeop+0QqjIqwth2OFikGSUPzLz6U/hT4K1LxV4",
        "M0+PxPPaX/g4JLJY6ertHLFcCVl3syKpI5m43kfMOOOPWPBVl4rsdGmi8YanaahqBuGaOW1UKoi2rhThE53Bj07jn06SiuT8",
        "e+JfC+jaNJpfifU5LGDV7ea3Vo4Xdiu0K5G1WAIDjqO/evDP+Ee+Bn/Q565/35b/AOR6P+Ee+Bn/AEOeuf8Aflv/AJHro2ud",
        "I+C9x4du/Dl1JdaL4oeOS9udRUu0duhQh4wgQg7Z3JBDHgcdQQjxpdfEjVPH/gDSLTVtL1S3W3guLqRY1dVWNXIRpEcEPCRy",
        "Ox65BrA0jVfiR488WWXj/R/D+m3M+mI1ioWQRxE7WJDK8oYnE3UHHT0Nd38OPD3jbQf+E71nU9Ggg1fVMXVnB50bRyz/AL5t",
        "vyucLudRyw4PXvXkHiHw9428cfEzVra50aBfEKxRzXVpBNGqRoEjUEFnIPBT+I9fy+g/hN411Lx54VutU1SC0hnivXt1W1Rl",
        "UqERsnczHOXPf0rvKK8b+M0EN146+G1vcRRzQS6mySRyKGV1MtuCCDwQRxisPxt458H+DvF99oH/AArHQ7z7L5f7/ZDHu3Rq",
        "/wB3yTjG7HXtUGsX3hvxd8C/EPiGw8G6Vot1a3cVshghjLj95CSwcIpGRIRj/Gsf4v8A/JPPhj/2Cj/6Kt65sfFDUrX4b6X4",
        "T0sXenT2Nw0raha3rI0qs0jbCqgEDMg/iP3Rx6dp4C/tj/hnbxL/AGB9u/tP+1V8n7Bv87/l23bdnzfd3Zx2zXm//CWePP7R",
        "/s7/AISDxH9u83yPs322fzPMzt2bc53Z4x1zXu/h6+1jwj8M9J8QzeDb7WvFV1LJbXpeFxfGPfIVaRyjSFQI4wAeMbfQV2Hw",
        "4vvt/h64l/4Q3/hFMXbL9h8ny/M+RP3mNidc7c4/h6+nYUV4/wDF/wD5KH8Mf+wqf/RtvWP8RPgp4k8XeO9S1ywvdKjtbryt",
        "iTyyBxtiRDkCMjqp71HqngrUvAf7O/ibS9UntJp5b2K4VrV2ZQpkt1wdyqc5Q9vSu80vwT4d8Y/Dzwf/AG/p/wBs+y6VB5P7",
        "6SPbuij3fcYZztXr6Vzdl8BtHTx5qN3d2NpJ4Xe3C2dkt3P5scuI8sx4OMiT+I/eHHpynxH1vUfhJ4ht9A8D3H9laZcWi3ss",
        "GxZ90zO6Ft0oZh8saDAOOOnJqn4xttI8N3Hw28ZG1k+2ai6arq0sbFmuJAYJXYKTtUku5wu0c9hjHd/EL4mXv/CqtJ8V+FLi",
        "ew+3ah5IM8EbPsAmDAqdyj5oweK7zwVZeK7HRpovGGp2moagbhmjltVCqItq4U4ROdwY9O459Okorj/HXw40f4gfYP7Wub6H",
        "7D5nl/ZHRc79uc7lb+4OmO9cf/wzj4P/AOglrn/f+H/41R/wzj4P/wCglrn/AH/h/wDjVdJ4k+E2g+KNG0LS7271KODRbf7P",
        "bNDIgZ12ouXyhBOIx0A6mi9+E2g33gPTvB8t3qQ0+wuDcRSLInmliZDhjsxj943QDoPx2L3wVpt94807xhLPdjULC3NvFGrr",
        "5RUiQZYbc5/eN0I6D8adj8ONHsP+Er8q5vj/AMJPv+27nT93v8zPl/Lx/rW67ug/Gne/CbQb7wHp3g+W71IafYXBuIpFkTzS",
        "xMhwx2Yx+8boB0H495RRRRRRRRRRRRX/2Q==",
    ])

    /// cjpeg -quality 75 -progressive
    static let colorProgressiveJPEG = decode([
        "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcp",
        "LDAxNDQ0Hyc5PTgyPC4zNDL/2wBDAQkJCQwLDBgNDRgyIRwhMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIy",
        "MjIyMjIyMjIyMjIyMjL/wgARCABXAFcDASIAAhEBAxEB/8QAGgABAQEBAQEBAAAAAAAAAAAAAAUGBAMCB//EABQBAQAAAAAA",
        "AAAAAAAAAAAAAAD/2gAMAwEAAhADEAAAAd+QS8x/mbRlxqEmGbJj7BYAx+wxZM9HiUeTv5z5+eDsPfs4e42AEW1HOXOenqfV",
        "jOQylqePxPHTZnWFICTWxpCd/wAHqnTSpdkZs7P0GbYLAGP2Eczfz3ChNqDLeO78SPe47wAAAAAAB//EACQQAAICAAUFAQEB",
        "AAAAAAAAAAMEAgUAARAUFQYSExY1MCQ2/9oACAEBAAEFAv0sbHNCXLuYndsjg5cbVdO43GbL4wpZXLUo8u5iue5BfS3+haWj",
        "i9jujN9Ns1xrCvlTWUlSzVn0686wnX0ti025058/S7nEbjXDNsHPXBpygTYTidxRpf8Ay8zVbaaRadA3Tnz9Hc8vM6ICoRvD",
        "NHlMsjHEB7FO8GEWYqhk24qtOun3r6PWIa/Dtg94VonOOOU3Q1Lo0Gp0Id+2Yh16pIjSaUGoB0fZVCHb0eNvR47hUsv7ZWQi",
        "2T7dcu6DDC7r1nUukfV0ucspPOvJptmms3RW/wA/lCRrUPN67u3/ACLzMpWV0+9fS3+hY0rLbxUiIdOiSXcr4UId/YmJUsOR",
        "EtKws58UlBqAdHq4Nhj1xPHrieGakDQZ1IJoTSHN+FcGGJ1IJofr/8QAFBEBAAAAAAAAAAAAAAAAAAAAUP/aAAgBAwEBPwET",
        "/8QAFBEBAAAAAAAAAAAAAAAAAAAAUP/aAAgBAgEBPwET/8QAOxAAAQIEAQgGBwgDAAAAAAAAAQIDAAQREiEFEyIxQVFh0RAU",
        "MnFzkUKBobHB4fAVJDAzNDXC4iNS8f/aAAgBAQAGPwL8RlKWC6Xa0ANI/aX/AG8oK15MdSkbSSPhEs7mLs+m6l2rVzirzHV2",
        "qYOrVgTuhyZaKXgj/VUBSclPEHURXlH7S/7eUKdzdlFW0rXpyZ4vxTDrTT1qBSgtG6Jpb67lBwDVTamJDNKQLGsbu4QmWL7G",
        "aSahP0ImTJtqbbvFQrfVMZOzDllzWOAOwQtD7tyQ3XsgbRDnin3DpyctZolLlT5phT65t0KVuSeUPSsq+pZWoK0gd44cIyai",
        "adWhRbAbt24DhCsmyLSHUtCov1447xvib8UfxiVRMTK0qabpopO4cOEF1qbcJKbdJJ5Q54p9w6ZdCpITAWqhUU1zerhAW1kx",
        "t83UtS38ouayElY3pTX+MS6JjJgZFwCFOYWd2EfdJttt/Wpxo1UR6vVHUn20FtxRUVrOAw+UMWZPZcac7TgQKIG/VBtyWy4z",
        "6LwAtV7IUep9V0uxSlePSjOpWb60tgTsu8EyrirUIKRcPqhgqyOsS8vWikua7vbwifE8Q65KpNhGFDju7oU66FEFFujDakoS",
        "JW3TRcak4/KH2JFWbblUqQ6F+kOHkYbEyUrk8ShvUQqv/YInHEuOXYFO7pLUy4UB1JTgI/WP+X9Y/WP+X9Yl1S6ipmaoVqc2",
        "J4ecOz8g0l1p1NoUo03ceEIn2ZdtRb0NdB7+MTzzjIDrukgVFCcYdSpkdYoCpIIw1Qp10JBC7dHpyalQBBcxB70wtj7MYXbT",
        "HAbO6JiYRJtMqSoJwA3jnGTPC+CYalGrmyhVc4levXziZzF+czuFmv0YzfWJi+tLbzWsNTBk1vTSiUrw06Y69uwQo9T6rpdi",
        "lK8enJni/FMOPoW0EqprJ3d0TLTpSSVhWj3piTz7d9rQpiRsEOKUhJlbdBFxqDh84SxIqzTak3ka8fX3Rk2ctN7n+V0j0jgY",
        "ampVRRe5TEDjygiccS45dgU7ulGdUsWVpbH5j/mOUfmP+Y5Qw0tTgDKbU0P1uhuTKnM2hVwNcdvOG5wlWcQm0DZt5xNUUv7z",
        "2+GvV5w3JlTmbQq4GuO3n+N//8QAJxABAAEEAgEDBAMBAAAAAAAAAREAITFBUWEQIHGBMKHB4ZGx8fD/2gAIAQEAAT8h+o8B",
        "hIpI6Zz4jzo2OHzX4LU4qMXpkopzOiCgTn+GkqUCHEqGSeaPA0oQnjHvF/YhnBz6ON/5ziS7KYJMWFnR71ZO66meEeKRWvs2",
        "b7v21BpgmXYy6isNS3kQ5O2pumEyOg79GCdozxgJKUezkiWA/rQCeBOm5eBihtLbe9rqpVVrXBSwZr/wOal99HMub0QRxDCJ",
        "HR49GCelkACbsvxilkUIUhDey4+9PAdhEJ+KJlmwASXlbFqbSTwIUiFQx+BUbVS8SBEjI3ukxU4Zb2REM6xVythICNMzkzqu",
        "eOdYcD2+PPWbkcRynNAGoQEBmbO9lAAmRrdxZHLVFrFtEU3CbnNJZ4AizI7TikB5BOcD9tVCk8xZEB3ccGSoueCWQEqB9+6k",
        "0whgsLYNz5AG6VWIhwPNf62n+toqewCUIvCNPmrJ8CggBshzUglpjQcjKu7rrXOLOJTdBIgPgQNvtuks8AUIgdrz5fg0BIlH",
        "UeWaQ499CjeX3LMHhxdhZKEKog/LVdB2fuiL4mv0DSRHNSq/B5oKhh+CueOdYcD2+PRxZdGJlgf0oJPBakQbDivZqXJkw9FA",
        "TyAc4P7bqNIsEm1JmTgVcjApLcmMGXEVzHdzGdrmaSaYQwWFsG5895uQzHI8ea1aSDYKUgL2pYw0Bdyt2qxhoJZyt2rnZ3Jl",
        "0duasYaAu5W7fW//2gAMAwEAAgADAAAAEPPPPPPPALMPPPJMHPPPCMEHPPPPDPPPPPPPPP/EABQRAQAAAAAAAAAAAAAAAAAA",
        "AFD/2gAIAQMBAT8QE//EABQRAQAAAAAAAAAAAAAAAAAAAFD/2gAIAQIBAT8QE//EACYQAQEAAQQBBAEFAQAAAAAAAAERIQAx",
        "QVFhEHGBkcEgMKHR8fD/2gAIAQEAAT8Q/cQSVEEIAMlmeObr/a0wRZmiQKpKofOv7On8X0WG3nXE9ySCim7BXiwx2n8ShkgI",
        "Fk670Qi7GRRElEzdf7Wn5k18znsZOPX+d1eRiSRZVcq5dbMSJxQIQ3X3rvNG7Gnkd5xpdz4m6linmefbQxY5EzBcdDfhx3+Z",
        "ogNScHetoLEogNJ2X3+hXkWBJqFDLAdtYrUeGLBbsOdAvsaQiIAUz50UVA9mosDPObvwEsaMRIoJIgYm8X00JOVGRgVQY8PO",
        "+ioGACoKrTz3+hXJVijALoAjd/L1co5SkuqCDbhnSIKkVAxULEZ5NKWI8gLKAbYkhkxp2QNhIOW3cy4NoiGVPBqM2SjI6zVd",
        "vMdisi0ojzyOc9TotDQiMCy+kOLX6gbnuU93Xp7JQdvXwO150TVQcAilFRnhNthKvQwoEVymdmVjlJooW0lE1OLtsV0YG8IV",
        "zBI+etOulguwmWV4N2O61tfYFBoKq+ToSfMJrJEzhZhjGHqwCBiKZ4W3Jnr0dmYDQUgEDuc8+vDgsYJzFhFjWiLBjcUQ8CBB",
        "CaMZOHejoxjwCtEDTNwzbp1jP7yQwyFkYd+dGHqMUiKjh5t/pwN4QLmi189eoiToJEiOETE1+VoMCSYb8aQdHsORBYoif3r+",
        "d1AAvEVBAQo5bMdf9dmvlE4uvya+cq5Ym90wQLKqkWAAHE8DXFr9QNz3Ke7r0/ndWEnHxr0EbrnQgbwhQNFr461+BowJW8nW",
        "jXSwXaTDKcmzHW/016PCGDBmNsunlR6AJyaK8hngk2NsMzAFQwONPVgEDEUzwtuTPXp7pQdvXwO059QoWJsiOUrYsGwbujFl",
        "VGlRYzoDY+TF1VKgUZXoTY+cr332ujzcD5MWVUaVFjOgNj5/d//Z",
    ])

    /// cwebp -q 75
    static let lossyWebP = decode([
        "UklGRuIFAABXRUJQVlA4INYFAACwIwCdASpXAFcAPpE8mkmloyIhKPTcmLASCWkAFeAfyX8FvCb+jfiX+w/cQ+efUv91Oegx",
        "6+cfkh+YH3+/aP5T+KH4jcZH+e/kZ5AG2BewfxD+xfyz9yf618dvV38buYV/tP83/E/5U/pf8t7yH8l9wD+D/wT/Q/1781Pf",
        "s/af6Z+7P+D96nyJ/sv658Bf8l/k/++/tn+P/9fxRerr0AP3cO0g34rqaal/scfsEAEi0t5Z9Qjoun4hkYToonTwGW4AHRE1",
        "tC+8haowpzs2B65JQ3Vdc9zY7EzTdq+AMYdkz8pB25iVCQDWAIlVlb8FmkBato57YfBByv1acM3m/ZzM1Q8W6Zw6a8zfFrto",
        "4QrUxezaWhrLxiHD5EnZXTqAoORIuTudJgAA/KeKj+G6FBfqAAlI9yuOfiVDHRK0BLnagwsXVaZ4a6zePYfi8ay8xGao/olv",
        "b4t1pIT8rTcm6FNR+E2araoT1dM22+KxbVZMlhQk2vWsJgB1wrC+EPnlpcMV4c3svTrISV12bHNYic95hHLbYzuqn1FjHG7V",
        "oOv8MK6TzSBw39Tn1FTMU1HjDnVflX0cTsKl4SyrDxVx5+I5GHwFrGiw/G3ffmLiKgUaNGbydTd5tw1syzK5XKbGGJ2LPyPb",
        "xl0+UwY7X6B/PWEYhAj8ZcJiCUbt5RBSjDLi6bf/wY1W7pX8QV+z6G18aFv+t+Csib+YOSgUU+qZnvpniJvRndVpqk/YsUVl",
        "ZWCARLmt2rUyVdZXZD2b2CL/9qhCRy5epm7LVAjF7DzGyLraqUobgyKmY2oIiQsfwZGTcZRwb3xsn0SfEtCOvyNPIwozYaDN",
        "A0iJ7WMRkCnzkg7CX38oryEpI+NRXnf30lN/u5WKrxBMFWuJC44eHqrUahXnpvM4hfb/AKuuIBjkXult6SFKTbB4YWRYo/4U",
        "rCXANJt3LE9l3sJ5hRr1s2ItWEbPDoQxhRCKIGQoy9Dow6344hEZAu8rF3k1qFDKeEs5ZyZUrpJwf5NMf+LOGV+nzNs0WE3C",
        "9XmA6S+kxtN7HMwcCQhRH8j35W1Geuv38rwurnVOR/RORDFH2jZJJ4fxR3kv59U2/3wEfNca+BOWrlzliTHJwp3sdKUKei5a",
        "TF+BivEx9ODdRgCqmerIt7YOfQ7gMHFxrOZP/iEG4xxwgqe/melaf+4YKereK31HsBKCxnpLezhmhsVuLOEmrC19OAnfe0xn",
        "nuekOYlp6OltA5yld7yRkK2+RnwEIO/zxcE4mXOKPFbzGB+8rLU/s8gMff/v5o/9ePCfCWl/5FAmBTceDkLmkibLh7NCAcoc",
        "r8WTANEOhI9sC3yteT9Mf/9qKM/4jirHv424/JEEpjxhTs5jTJrwxlDcMXhvXHJAFNP//n+EWmmv/9Tt2fWbFyenDdwjXmnH",
        "P5Gv7Ed8dYbgfdgwJm1C6f62kdT3NmgHN9GawenjL+p3x9LDdsF08febKS9LP/4Z1szppk+D/8xFuWGJSpb3aqHNm7vo4PFH",
        "ypk8AsKbhTN/dSP70Ufj69X9wR2fqInZr+wrVNqAlM/ETRWL3AbHI+2QmVMVxSF8SzVtUhNRfE+kCbUmKa43LHWwvlMRE2bx",
        "3sNa4F06RGoIoHy1dwn8KIV63j12C+C3R6Jy8XYHHFZn5IYQb6ZA6juLFv7EZQQU65q2qzo5ZNo0/FodQIddFe6Fp5DEYIXm",
        "KXetl/ohqebEK44gOSn+WxtKZ6/2AQKTlU5/FRV6dS3PZr3fsmVYbDaWToYLrwaHLLatmHR1eN6gm6Qs66AfJa11KgKlt8ZV",
        "9eNBprLo2vRyLtq8oau7lSohJ/ptdwjENYkUN9Hlr1zzshRawCmWVuEh8FNWXdF3vdNe3SUqbFNvxcOzmhAmCTfWvSbCy/rY",
        "I97Vyf7ga3x685lam+Z48kSOU4gw1ptlZeCo4RkVUPK0awgm/vDpxgF+mGo+MFIat972z5bd7q4cXniSEi28nc0J+FOLi7kA",
        "AAA=",
    ])

    /// cwebp -lossless
    static let losslessWebP = decode([
        "UklGRrwAAABXRUJQVlA4TK8AAAAvVoAVAA8w//M///MfeHBbW3ubfOc40P1awGENdVoJL0BYAK1E5zUIC0Dn/JHRT+gj+j8B",
        "fHH5zwwgOwc04TydZHaiRmQFTnY6E62WDEp0U2QnKhhgc7SAwn3ZkAznS6y49VETjmzMDouMCtFsvqvNrglnsqYCq4HhlsDp",
        "WJ8jBZI+whxNOAPI0PCo4OkksxioEFmBRdYoNWtSZTrONmWjQDdxJhnDGUCyutJ48Z8BAA==",
    ])

    /// heif-enc -q 60
    static let heic = decode([
        "AAAAGGZ0eXBoZWljAAAAAG1pZjFoZWljAAABrW1ldGEAAAAAAAAAIWhkbHIAAAAAAAAAAHBpY3QAAAAAAAAAAAAAAAAAAAAA",
        "DnBpdG0AAAAAAAIAAAAQaWRhdAAAAAAAVwBXAAAAOGlsb2MBAAAAREAAAgABAAAAAAAAAc0AAQAAAAAAAAivAAIAAQAAAAAA",
        "AAABAAAAAAAAAAgAAAA4aWluZgAAAAAAAgAAABVpbmZlAgAAAQABAABodmMxAAAAABVpbmZlAgAAAAACAABncmlkAAAAANhp",
        "cHJwAAAAtmlwY28AAAB2aHZjQwEECAAAAAAAAAAAAB7wAPz9+voAAA8DIAABABdAAQwB//8ECAAAAwCduAAAAwAAHroCQCEA",
        "AQAqQgEBBAgAAAMAnbgAAAMAAB6gLIFk2W6kkprm4EBAwIAAAAMAgAAAAwCEIgABAAdEAcFysCJAAAAAFGlzcGUAAAAAAAAA",
        "WAAAAFgAAAAUaXNwZQAAAAAAAABXAAAAVwAAABBwaXhpAAAAAAMKCgoAAAAaaXBtYQAAAAAAAAACAAECgQIAAgIDhAAAABpp",
        "cmVmAAAAAAAAAA5kaW1nAAIAAQABAAAIt21kYXQAAAirKAGvCeCV//tqysQkDv4pe+1CEb4N5csVIiPku4iDjlfsp0+eLNip",
        "RHMo6k/faM2PTZ5NN+eq3VNZ1rwqJvs5PkzKxsWfDDvhAgecW2ekszNZtBH5L1quOTr7ZDbhk3R9GW+e+2OMu9ciHcnbHrq6",
        "yyYVAGeHvCDhlkQlzu6bu2H1CF3VDWmWAmjrvg8nX9riTa+sVfBIoA51sG2TlhQ7iMk7YDe5kK4lIeQwrEWf2ZKADQ+YL1oN",
        "GhZvdF8cf0q1bulmfzn2221buyUYwC8M2Dv+Kh/4YrfNm4D921861kudO7CIX/G4IPg/fyXU6wanDrbakffFOKepCqRz64Ku",
        "OuF9FUKvd4qGupOpzR3STq1wHO9M1i4bmWb/2ByNWoz/ouZSEmkDxmLk6HsRWQRHf7d4PK1hmBtt6JCsn0KbAcwj4boA4Cyl",
        "xbm9Un/2RNevoD/5mRcpm/h789KQ4iUzeOY9c+QhlfZ2ylC6lSF9tk82hMR60NJfx1ZDQkPZ94pTMXfz2ylPAVMNedCvx4RQ",
        "mTgyMkansvkCr5B1tzYsTycSzZPVgGF/CqdHn+h9gPds7cdpmKobowF1kTuT/DSx0hkI/TqNvdpwep2Zr+yrC8P4YixsVgsG",
        "YbXx70AV0oqnBQ/ABUKzc+1PaM0sBCXNbSDBASxChwemPJjrR3F7DtaGj7AhLBXBJKjgs3s/X9J7PHUi45XwpIBZ7TjRxX/j",
        "gzLQu6BbDIpf9iYsjvQz5ugtulLzoDIWqBd3grt8gd+LAIx13WVsPggVNkS0pcjUDx1batRgh9MKAMTX3jbNG688Ak8kmNcn",
        "nIXQKhKYDnCStHw136OHwiJtO4ZuNGiNWKBr9LfQyr6sqtjVwSgUMPRzCVPOqjrGdZq/w0fWDlYMl4W4xEg9Zhvd/qEylho4",
        "B8+sdV8REojJKGN5WUA0dJE8f/kQzzaXJ2ojhj+PZo6cQolwNKJpOfG9HmCHyGdAncvEQrSZOOld2SI4HXZfmXjOuBqip+yI",
        "n86tZmM8bVb9F4u90Wgeo0BMT+rxgODhzhScV7zXPBzgJktokvC/zjoWCt3F0WttdS4gQ96embwy71FcEUMZ6IdIXLQt2YEg",
        "Bn1VwxNanr1vTOLGFXBKznTEsH5cxWD/WQ47b64oEktMi1sbkUmalw9b7woMJ4XXDnPs6+Vq9Blm20ko73cM0j+yMgwnUzuz",
        "QNKSkk7muoBUDsTsex0M4siJg3cS1XP0blnWFBE6DhGKnZObOAL4m1WE+zNrjsImnBwFVg7oi7MNwIWn4qntdSvoUwrJXuRE",
        "TkrZbtKQYkGStVjcR6a1U+SwoYqV+80TIi14jGTy/4sVRTM4pvPZd/qnLAC4mi6cwwSqq5p6Ujz2z7Ti43Tb1Zm6jdkAucFR",
        "HM6D/XnmcksmBgGwRyjs9It9Kt/vqcu1roUNzvuGFQaOSjxwNL53L7zF8N4MBJv17++puuaK0tDqsL7rX3yuOF3oLtoefn8V",
        "N2PGzuK1eLD+DNq2mboSPWYMsDYcn4WsJsSRbavDXBWuG9CXE9xQ81s0r+3eg6+fwQupt1jKywaFNTB8c8zSEGS+DT+tPMvv",
        "s+lz8edKwH2WHhyXkNiDk8C45ly4AC5+jYG7Jwf03xW98Nmn9T6/5lLpbQ0GeC+aU5bX0gDB4Rm5UBIeAw9a2iX99ei/I1dh",
        "pHKgUH55TLknanok9YmdJO2M3tB+CupjGuJflOESe+OpCgaPyUsN666YHcqacIXdkoYbMoEM+DZQwHxifvnFEY5kNk7+gbYK",
        "bY24QvMD8t/HD3i+7Bh3jmMNiIrWLzL8oUVYWMDmFi1DF4R2PpU5fBuqPtYqnOAfo6OgKWAbtXwIfZL6fkMZPUQArsgAuZeS",
        "gqej0C5tUASO7TNhZzp11SjSgrLP2p1cR3/mv27PAc3slKZQKqbHOrXpLFE4d8+BsWuu8qCiW9w/XuktF/lSNsMj0U4Ef4LC",
        "5xvDs+lOd0Qa7pBPbCwELif/bvp6Ix+xiZYr90UAUfcBkMCuAD2wLv+KAAOCzY1letQb6Rr24YPPLw+/qH6vXnOHk5QizWwr",
        "0Xof/KL5t9vnLC8ka9Xmshl5nWPe6l3l3DSqzjIai4Crh4g30AKJo8QGawAWL9I004Syiammrto4u8ywh5amaTsKDWvstQpQ",
        "b2U3a7OLlEN1+26iNkrYYxjiwGARSyNtFIXa1WZlyFpS4E9+7EyIgYrccL/tkkM+/5ZjD0sCasUlXkP3ALEj8alAKxFU3lQ/",
        "mm4gBjaduOoafx7701DHOuTddmd5IJJMbXOwvATTiY3Qo5RwIW7+cF/q+Oy8dkTc/V4Mv4fwKRte/lkhdvtTsWsXnIFYbdee",
        "5hFxa9T9gYldb/EtIDT5cCRMk949TvwpwHvdx8hKhlh9mjjbDu95YnrooiVQFALO6RNlkMF1E3ooVdT9X5SGqBvqNMvMTshj",
        "FtRbTWV/hDbrpzU97WN2R+CG96BGAxSvJOycMxbX8Z9R/1P7l9i/42kHchX+Emxm7b2mOoy3zcl8+RzNwwPdkPphU/FfD5KS",
        "kK4xM6yIvMaJddEOik5LFGzbBBKdDZBgjNygCWTT+6Wm8uT1eoIJc21QcoexPfuENGCY0NXd0Y+gAO6XaYudsTc8s/vV8Rcb",
        "vrGamxmLBpMZVadFTsFzpb1LOppvMXaz7i7kgOGqoaecsdTB6mqbId/B7YeZuOxgxivwu9GtA4vMZ0f+mn8zLCtr7EmCA5yS",
        "atXKW7FsGPb/MPoYvOIFDF1utYKE6dfD4l0vgIWZP5TIXTxF9zaDlR3jq9euUiUvvr4OPUdK+RVz4f4AAOHV7YvlWGwV93+K",
        "eQwrVVw9GmIsBhowXEQIz6oDAFi6u/4p3LtjRx1Ear+yX+E9U83NxW4j9+zp39Sgbf/HqmCV5xd0UbJ/zu0wuwVg57qRHfid",
        "uA2ioeLm6afFs4ooWG71CaWq9ng=",
    ])

    /// qrencode itself (1-bit palette)
    static let palettePNG = decode([
        "iVBORw0KGgoAAAANSUhEUgAAAFcAAABXAQMAAABLBksvAAAABlBMVEUAAAD///+l2Z/dAAAAAnRSTlP//8i138cAAAAJcEhZ",
        "cwAACxIAAAsSAdLdfvwAAAC3SURBVDiNzdOxDcMgEAXQi1LQOQsg3Rp0XgkvEJQFnJXoWMOSF4DOBcqPcZS4wYdSRMpVr+Mf",
        "X0fYh/7CkciqTMSCE7I12kG015ayVQ076KZt3zKy83uGqtf8Q9CfXaous/D+JzWnhU44J8+CAY6KrgaS/dSpOW75jxwNj4Sx",
        "h+AH0SXMdy95neSpe+9Ydem3ZwTJr35pe/fQpV9NhlvmGyDbhWlYWPLaLyZrILjkN/Mo+tc39Z2fRxSmZ629nEMAAAAASUVO",
        "RK5CYII=",
    ])

    /// The fixture called `name` in ``all``.
    static func named(_ name: String) -> [UInt8] {
        all.first { $0.name == name }!.bytes
    }

    /// The names of every fixture, for parameterised tests (arguments print readably).
    static let names = all.map(\.name)

    /// Every fixture with the format its bytes must be sniffed as.
    static let all: [(name: String, bytes: [UInt8], format: String)] = [
        ("gray baseline JPEG", grayBaselineJPEG, "jpeg"),
        ("colour progressive JPEG", colorProgressiveJPEG, "jpeg"),
        ("lossy WebP", lossyWebP, "webp"),
        ("lossless WebP", losslessWebP, "webp"),
        ("HEIC", heic, "heif"),
        ("palette PNG", palettePNG, "png"),
    ]

    private static func decode(_ lines: [String]) -> [UInt8] {
        [UInt8](Data(base64Encoded: lines.joined())!)
    }
}
